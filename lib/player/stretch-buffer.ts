import { stretchInputNeeded, type StretchInput } from '../audio/stretch';
import type { StretchPort, StretchReply, StretchRequest } from './stretch-worker';
import { serveStretches } from './stretch-worker';

/** Stretched audio handed out a slice at a time, as playback needs it. */
export interface StretchStream {
  /** The next slice, at least `sec` long (shorter at the end); null once all of it is out, or cancelled. */
  next(sec: number): Promise<AudioBuffer | null>;
  /** Stops the stretch: nothing more is made (a slice asked for answers null). */
  cancel(): void;
}

/**
 * Time-stretches part of a decoded buffer: how a player plays audio at a speed other than it was
 * fetched at. The audio of `buffer` from `fromSec` to `toSec`, played `rate` times faster (slower
 * below 1) at the same pitch, in slices of the same sample rate and channels.
 */
export type StretchBuffer = (buffer: AudioBuffer, fromSec: number, toSec: number, rate: number) => StretchStream;

/** A stretch's slices as channel data (what StretchStream wraps in AudioBuffers). */
export interface StretchSlices {
  /** Output samples per channel in all. */
  readonly length: number;
  /** At least `samples` more output samples per channel; null once all are out, or cancelled. */
  next(samples: number): Promise<Float32Array[] | null>;
  cancel(): void;
}

/**
 * Runs stretches through `port` (the stretch worker): the input (`channels`, views of the decoded
 * audio) is copied over a slice's worth at a time, the output transferred back. One slice is asked
 * for at a time; cancel drops the stretch on both sides.
 */
export function createStretchClient(port: StretchPort): (channels: readonly Float32Array[], rate: number, sampleRate: number) => StretchSlices {
  let ids = 0;
  const waiting = new Map<number, (reply: StretchReply | null) => void>();
  port.addEventListener('message', (event: MessageEvent<StretchReply>) => {
    const answer = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    answer?.(event.data);
  });
  // The worker failed (its script did not load, it ran out of memory): what waits on it fails.
  port.addEventListener('error', () => {
    for (const [id, answer] of waiting) answer({ type: 'error', id, message: 'stretch worker failed' });
    waiting.clear();
  });
  port.start?.();
  return (channels, rate, sampleRate) => {
    const id = ++ids;
    const input: StretchInput = { channelCount: channels.length, length: channels[0]?.length ?? 0, rate, sampleRate };
    const send = (request: StretchRequest, transfer: Transferable[] = []) => port.postMessage(request, transfer);
    send({ type: 'start', id, input });
    const length = input.length === 0 ? 0 : Math.max(1, Math.round(input.length / rate));
    let produced = 0;
    let sent = 0;
    let cancelled = false;
    return {
      length,
      async next(samples) {
        if (cancelled || produced >= length) return null;
        if (waiting.has(id)) throw new Error('stretch: one slice at a time');
        const need = stretchInputNeeded(input, produced + samples);
        const more = channels.map((c) => c.slice(sent, Math.max(sent, need)));
        sent = Math.max(sent, need);
        const reply = await new Promise<StretchReply | null>((resolve) => {
          waiting.set(id, resolve);
          send({ type: 'more', id, channels: more, samples }, more.map((c) => c.buffer));
        });
        if (!reply || cancelled) return null;
        if (reply.type === 'error') throw new Error(reply.message);
        produced = reply.produced;
        return reply.channels;
      },
      cancel() {
        if (cancelled) return;
        cancelled = true;
        if (produced < length) send({ type: 'cancel', id });
        const answer = waiting.get(id);
        waiting.delete(id);
        answer?.(null);
      },
    };
  };
}

let client: ReturnType<typeof createStretchClient> | null = null;

/**
 * The stretch worker, started on first use. Where no worker can run, the same code answers on a
 * channel of this thread (still a slice at a time, between the player's other tasks).
 */
function stretchClient(): ReturnType<typeof createStretchClient> {
  if (client) return client;
  const inThread = () => {
    const channel = new MessageChannel();
    serveStretches(channel.port2);
    return createStretchClient(channel.port1);
  };
  try {
    const worker = new Worker(new URL('./stretch.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('error', () => {
      client = inThread();
      worker.terminate();
    });
    client = createStretchClient(worker);
  } catch {
    client = inThread();
  }
  return client;
}

/** The player's stretch: WSOLA (lib/audio/stretch) in the stretch worker, a slice at a time. */
export const stretchBuffer: StretchBuffer = (buffer, fromSec, toSec, rate) => {
  const { sampleRate, numberOfChannels } = buffer;
  const from = Math.max(0, Math.round(fromSec * sampleRate));
  const to = Math.max(from, Math.min(buffer.length, Math.round(toSec * sampleRate)));
  const channels = Array.from({ length: numberOfChannels }, (_, ch) => buffer.getChannelData(ch).subarray(from, to));
  const slices = stretchClient()(channels, rate, sampleRate);
  return {
    async next(sec) {
      const data = await slices.next(Math.max(1, Math.round(sec * sampleRate)));
      if (!data || data[0]!.length === 0) return null;
      const out = new AudioBuffer({ length: data[0]!.length, numberOfChannels, sampleRate });
      data.forEach((c, ch) => out.copyToChannel(c as Float32Array<ArrayBuffer>, ch));
      return out;
    },
    cancel: () => slices.cancel(),
  };
};
