// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createStretcher, stretchChannels, stretchInputNeeded } from './stretch';

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

});

describe('createStretcher: a slice at a time', () => {
  /** Slice sizes that vary (1 sample to ~0.3 s), the same each run. */
  const sizes = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return 1 + (seed % 7000);
  };

  for (const rate of [0.5, 1.3, 2]) {
    it(`at ×${rate}, sliced anyhow, gives the whole stretch's output, fed only the input each slice needs`, () => {
      const left = tone(130, 1.5);
      const right = tone(210, 1.5);
      const whole = stretchChannels([left, right], rate, RATE);
      const stretcher = createStretcher({ channelCount: 2, length: left.length, rate, sampleRate: RATE });
      expect(stretcher.length).toBe(whole[0]!.length);
      const next = sizes(rate * 1000);
      const out: Float32Array[][] = [[], []];
      let fed = 0;
      while (stretcher.produced < stretcher.length) {
        const want = next();
        const need = stretcher.inputNeeded(want);
        // What a slice needs is a bounded stretch of input past what the output so far covers.
        expect(need).toBeLessThanOrEqual(Math.min(left.length, Math.ceil((stretcher.produced + want) * rate) + RATE * 0.1));
        expect(need).toBe(stretchInputNeeded({ channelCount: 2, length: left.length, rate, sampleRate: RATE }, stretcher.produced + want));
        if (need > fed) stretcher.feed([left.slice(fed, need), right.slice(fed, need)]);
        fed = Math.max(fed, need);
        const before = stretcher.produced;
        const [a, b] = stretcher.next(want);
        expect(a!.length).toBe(stretcher.produced - before);
        expect(a!.length).toBeGreaterThanOrEqual(Math.min(want, stretcher.length - before));
        out[0]!.push(a!);
        out[1]!.push(b!);
      }
      const joined = out.map((parts) => {
        const all = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
        parts.reduce((at, p) => (all.set(p, at), at + p.length), 0);
        return all;
      });
      expect(joined[0]).toEqual(whole[0]);
      expect(joined[1]).toEqual(whole[1]);
      expect(stretcher.next(100)[0]).toHaveLength(0);
    });
  }

  it('refuses to make output from input it was not fed', () => {
    const stretcher = createStretcher({ channelCount: 1, length: RATE, rate: 0.5, sampleRate: RATE });
    stretcher.feed([tone(150, 0.1)]);
    expect(() => stretcher.next(RATE)).toThrow(/input needed/);
  });
});
