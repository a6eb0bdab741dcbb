// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { stretchChannels } from './stretch';

const RATE = 22050;

/** A tone of `hz` (with a weaker octave, as a voice has harmonics), `sec` long. */
function tone(hz: number, sec: number): Float32Array {
  const x = new Float32Array(Math.round(sec * RATE));
  for (let i = 0; i < x.length; i++) {
    const t = i / RATE;
    x[i] = 0.5 * Math.sin(2 * Math.PI * hz * t) + 0.2 * Math.sin(2 * Math.PI * 2 * hz * t + 0.3);
  }
  return x;
}

/** Frequency from upward zero crossings, away from the ends. */
function frequency(x: Float32Array): number {
  const from = Math.round(x.length * 0.1);
  const to = Math.round(x.length * 0.9);
  const crossings: number[] = [];
  for (let i = from + 1; i < to; i++) if (x[i - 1]! < 0 && x[i]! >= 0) crossings.push(i);
  return ((crossings.length - 1) * RATE) / (crossings.at(-1)! - crossings[0]!);
}

const rms = (x: Float32Array, from: number, to: number) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += x[i]! ** 2;
  return Math.sqrt(sum / (to - from));
};

describe('stretchChannels', () => {
  for (const rate of [0.5, 0.75, 1.25, 1.5, 2]) {
    it(`at ×${rate} lasts input ÷ ${rate} and keeps the pitch of a low and a high voice`, () => {
      for (const hz of [110, 240]) {
        const input = tone(hz, 2);
        const [output] = stretchChannels([input], rate, RATE);
        expect(Math.abs(output!.length - input.length / rate)).toBeLessThanOrEqual(1);
        expect(frequency(output!) / frequency(input)).toBeCloseTo(1, 1);
        expect(Math.abs(frequency(output!) / frequency(input) - 1)).toBeLessThan(0.03);
        // The level holds all along (no holes where frames meet), ends aside.
        const a = Math.round(output!.length * 0.1);
        const b = Math.round(output!.length * 0.9);
        const step = Math.round(RATE * 0.05);
        for (let i = a; i + step < b; i += step) expect(rms(output!, i, i + step) / rms(input, a, a + step)).toBeGreaterThan(0.85);
      }
    });
  }

  it('is a plain copy at ×1, and stretches every channel alike', () => {
    const input = tone(200, 0.5);
    expect(stretchChannels([input], 1, RATE)[0]).toEqual(input);
    const [left, right] = stretchChannels([input, input], 1.5, RATE);
    expect(right).toEqual(left);
  });

  it('stretches five minutes of audio in well under a second', () => {
    const input = tone(150, 300);
    const started = performance.now();
    stretchChannels([input], 1.5, RATE);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
