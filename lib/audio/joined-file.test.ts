// @vitest-environment node
import { resolveObjectURL } from 'node:buffer';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { encodeMp3, encodeWav } from './encode.test-helpers';
import { joinAudio } from './join';
import { serveJoins, type JoinPort, type JoinRequest } from './join-worker';
import { joinedFileUrl, type JoinWorker } from './joined-file';
import { validateAudio } from './validate';

const fileAt = async (url: string) => {
  const blob = resolveObjectURL(url)!;
  return { type: blob.type, bytes: new Uint8Array(await blob.arrayBuffer()) };
};
const seconds = (bytes: Uint8Array, format: 'mp3' | 'wav') => {
  const check = validateAudio(bytes, format);
  return check.ok ? check.durationSec : NaN;
};

/**
 * Join workers on message channels (structured clone and transfer, as between a page and its
 * worker), each with the worker's real code on its far end; notes what each was asked and whether
 * it was ended.
 */
function joinWorkers() {
  const started: { requests: JoinRequest[]; ended: boolean }[] = [];
  const start = (): JoinWorker => {
    const { port1, port2 } = new MessageChannel();
    const worker = { requests: [] as JoinRequest[], ended: false };
    started.push(worker);
    port2.on('message', (request: JoinRequest) => worker.requests.push(request));
    serveJoins(port2 as unknown as JoinPort);
    return {
      port: port1 as unknown as JoinPort,
      end: () => {
        worker.ended = true;
        port1.close();
        port2.close();
      },
    };
  };
  return { start, started };
}

describe('joinedFileUrl', () => {
  it('joins the parts in a worker of its own, in order, into one file behind an object URL of its type, and ends the worker', async () => {
    const parts = new Map([['a', encodeMp3(0.3)], ['b', encodeMp3(0.6)], ['c', encodeMp3(0.9)]]);
    const kept = new Map([...parts].map(([key, bytes]) => [key, bytes.slice()]));
    const workers = joinWorkers();
    const url = await joinedFileUrl(['a', 'b', 'c'], 'mp3', async (key) => parts.get(key), workers.start);
    const file = await fileAt(url!);
    expect(file.type).toBe('audio/mpeg');
    expect(file.bytes).toEqual(await joinAudio([...kept.values()], 'mp3'));
    expect(seconds(file.bytes, 'mp3')).toBeCloseTo([...parts.values()].reduce((sum, p) => sum + seconds(p, 'mp3'), 0), 1);
    // One worker, asked once with every part, ended once it answered.
    expect(workers.started).toHaveLength(1);
    expect(workers.started[0]!.requests.map((r) => r.parts.length)).toEqual([3]);
    expect(workers.started[0]!.ended).toBe(true);
    // The parts were copied to it, not moved: a private window's stay in memory, whole.
    expect(parts).toEqual(kept);
  });

  it('hands one part over as it is, starting no worker', async () => {
    const wav = encodeWav(0.4);
    const workers = joinWorkers();
    const file = await fileAt((await joinedFileUrl(['a'], 'wav', async () => wav, workers.start))!);
    expect(file).toEqual({ type: 'audio/wav', bytes: wav });
    expect(workers.started).toHaveLength(0);
  });

  it('answers null when a part is not stored, starting no worker', async () => {
    const wav = encodeWav(0.4);
    const workers = joinWorkers();
    expect(await joinedFileUrl(['a', 'gone'], 'wav', async (key) => (key === 'a' ? wav : undefined), workers.start)).toBeNull();
    expect(workers.started).toHaveLength(0);
  });

  it('fails with the reason when the join fails in the worker, and ends the worker', async () => {
    const workers = joinWorkers();
    const notMp3 = new TextEncoder().encode('not audio at all');
    await expect(joinedFileUrl(['a', 'b'], 'mp3', async () => notMp3, workers.start)).rejects.toThrow(/joining the download failed/);
    expect(workers.started[0]!.ended).toBe(true);
  });

  it('fails when the worker itself fails (its script did not load), and ends it', async () => {
    // What a Worker whose script could not load does: an error event, never an answer.
    const failing = new EventTarget();
    const port = Object.assign(failing, { postMessage: () => queueMicrotask(() => failing.dispatchEvent(new Event('error'))) });
    let ended = false;
    const start = (): JoinWorker => ({ port: port as unknown as JoinPort, end: () => (ended = true) });
    await expect(joinedFileUrl(['a', 'b'], 'wav', async () => encodeWav(0.2), start)).rejects.toThrow(/join worker failed/);
    expect(ended).toBe(true);
  });
});
