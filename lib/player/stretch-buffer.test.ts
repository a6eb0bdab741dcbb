// @vitest-environment node
import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stretchChannels } from '../audio/stretch';
import { createStretchClient } from './stretch-buffer';
import { serveStretches, type StretchPort, type StretchRequest } from './stretch-worker';

const RATE = 16000;
const tone = (sec: number) => Float32Array.from({ length: Math.round(sec * RATE) }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 140 * i) / RATE));

const ports: { close(): void }[] = [];
afterEach(() => ports.splice(0).forEach((p) => p.close()));

/**
 * The stretch worker's real code on one end of a message channel (structured clone and transfer,
 * as between a page and its worker), the player's client on the other; every request is noted.
 */
function harness() {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  const requests: StretchRequest[] = [];
  port2.on('message', (request: StretchRequest) => requests.push(request));
  serveStretches(port2 as unknown as StretchPort);
  const stretch = createStretchClient(port1 as unknown as StretchPort);
  return { stretch, requests };
}

const total = (parts: Float32Array[]) => {
  const all = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (all.set(p, at), at + p.length), 0);
  return all;
};

describe('stretching through the stretch worker', () => {
  it('hands out the whole stretch slice by slice, sending the input a slice needs with each request', async () => {
    const { stretch, requests } = harness();
    // Six seconds in, twelve out: a dozen slices (a longer tone only costs a busy machine time).
    const input = tone(6);
    const slices = stretch([input], 0.5, RATE);
    const parts: Float32Array[] = [];
    for (let slice = await slices.next(RATE); slice; slice = await slices.next(RATE)) {
      parts.push(slice[0]!);
      // Each request carried little more input than the slice it asked for (1 s out at ×0.5: ½ s in).
      const more = requests.filter((r) => r.type === 'more').at(-1)!;
      expect(more.channels[0]!.length).toBeLessThan(0.75 * RATE);
    }
    expect(parts.length).toBeGreaterThanOrEqual(12);
    expect(total(parts)).toEqual(stretchChannels([input], 0.5, RATE)[0]);
    // The input was sent once, in order, never the whole of it at once.
    const sent = requests.flatMap((r) => (r.type === 'more' ? [r.channels[0]!.length] : []));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(input.length);
  });

  it('a cancelled stretch answers null, even for the slice already asked for, and the worker drops it', async () => {
    const { stretch, requests } = harness();
    const slices = stretch([tone(10)], 0.5, RATE);
    expect(await slices.next(RATE)).not.toBeNull();
    const asked = slices.next(RATE);
    slices.cancel();
    expect(await asked).toBeNull();
    expect(await slices.next(RATE)).toBeNull();
    await vi.waitFor(() => expect(requests.at(-1)).toMatchObject({ type: 'cancel' }));
    // Another stretch on the same worker goes on unharmed.
    const other = stretch([tone(1)], 2, RATE);
    const first = await other.next(RATE);
    expect(first![0]!.length).toBeGreaterThan(0);
  });
});
