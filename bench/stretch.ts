/**
 * How long the player's thread is held when a long chunk's speed changes (issue 22): a chunk of
 * CHUNK_SEC seconds at 48 kHz slowed to RATE×.
 *
 * Before: the stretch ran on the player's thread, the whole rest of the chunk at once (the
 * one-shot stretchChannels: the same WSOLA, same output and loops as the player's old code).
 * After: the player's client (lib/player/stretch-buffer) asks the stretch worker's real code, in a
 * worker thread, for the slices, each copy of input and each slice handed back being all the
 * player's thread does. Here every slice is asked for at once, one after another (the player asks
 * only STRETCH_AHEAD_SEC ahead of the playhead): the worst case for the player's thread.
 * The player's thread's longest stall is the event loop's longest delay (perf_hooks), at 1 ms
 * resolution. Prints the machine's load with each run: figures on a busy machine are inflated.
 *
 * npx tsx bench/stretch.ts [chunkSec=300] [rate=0.5]
 */
import { execSync } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { stretchChannels } from '../lib/audio/stretch';
import { createStretchClient } from '../lib/player/stretch-buffer';
import type { StretchPort } from '../lib/player/stretch-worker';

const SAMPLE_RATE = 48_000;
const CHUNK_SEC = Number(process.argv[2] ?? 300);
const RATE = Number(process.argv[3] ?? 0.5);
const FIRST_SLICE_SEC = 2;
const SLICE_SEC = 5;

/** Speech-like audio: a voice of gliding pitch with harmonics, in syllables. */
function voice(sec: number): Float32Array {
  const x = new Float32Array(Math.round(sec * SAMPLE_RATE));
  let phase = 0;
  for (let i = 0; i < x.length; i++) {
    const t = i / SAMPLE_RATE;
    phase += (2 * Math.PI * (120 + 30 * Math.sin(2 * Math.PI * 0.7 * t))) / SAMPLE_RATE;
    const syllable = 0.5 + 0.5 * Math.sin(2 * Math.PI * 4 * t);
    x[i] = syllable * (0.4 * Math.sin(phase) + 0.2 * Math.sin(2 * phase + 0.4) + 0.1 * Math.sin(3 * phase + 1));
  }
  return x;
}

/** Runs `work` with the event loop's delay watched: the longest stall of this thread while it ran, ms. */
async function longestStall(work: () => Promise<unknown> | unknown): Promise<{ stallMs: number; totalMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  // The monitor samples on a timer: let it start before the work.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const started = performance.now();
  await work();
  const totalMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 20));
  histogram.disable();
  return { stallMs: histogram.max / 1e6, totalMs };
}

const load = () => execSync('uptime').toString().trim();

async function main(): Promise<void> {
  const input = voice(CHUNK_SEC);
  console.log(`stretch of a ${CHUNK_SEC} s chunk at ${SAMPLE_RATE} Hz to ${RATE}× (${Math.round((CHUNK_SEC / RATE) * 10) / 10} s out)`);

  console.log(`load before: ${load()}`);
  const before = await longestStall(() => stretchChannels([input], RATE, SAMPLE_RATE));
  console.log(`before (on the player's thread, whole): player's thread held ${before.stallMs.toFixed(0)} ms; stretch ${before.totalMs.toFixed(0)} ms`);

  // The worker's TypeScript is loaded through tsx's loader, registered in the worker first.
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./stretch-worker-node.ts', import.meta.url).href)}); })`;
  const worker = new Worker(boot, { eval: true });
  const port: StretchPort = {
    postMessage: (message, transfer) => worker.postMessage(message, transfer as never),
    addEventListener: (type, listener) =>
      void worker.on(type, (data: unknown) => {
        if (type === 'error') console.error(data);
        listener({ data } as MessageEvent);
      }),
  };
  const stretch = createStretchClient(port);
  // Warm the worker up (its module loaded) with a tiny stretch.
  await stretch([voice(0.1)], RATE, SAMPLE_RATE).next(SAMPLE_RATE);

  console.log(`load before: ${load()}`);
  let firstMs = 0;
  let slices = 0;
  const after = await longestStall(async () => {
    const started = performance.now();
    const stream = stretch([input], RATE, SAMPLE_RATE);
    for (let data = await stream.next(FIRST_SLICE_SEC * SAMPLE_RATE); data; data = await stream.next(SLICE_SEC * SAMPLE_RATE)) {
      if (slices++ === 0) firstMs = performance.now() - started;
    }
  });
  console.log(
    `after (in the stretch worker, ${slices} slices): player's thread held at most ${after.stallMs.toFixed(0)} ms; first slice after ${firstMs.toFixed(0)} ms; all slices ${after.totalMs.toFixed(0)} ms`,
  );
  console.log(`load after: ${load()}`);
  await worker.terminate();
}

void main();
