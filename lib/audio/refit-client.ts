import type { RefitReply, RefitRequest } from './join-worker';
import { startJoinWorker, type JoinWorker } from './joined-file';
import type { SpeechSamples } from './speech-samples';

/** The join worker's codec, asked from a page for a spoken track's parts (mp3-refit.ts); `end` ends the worker. */
export interface Mp3Refitter {
  decode(bytes: Uint8Array): Promise<SpeechSamples>;
  encode(speech: SpeechSamples, like: Uint8Array): Promise<Uint8Array>;
  end(): void;
}

/**
 * Starts the join worker for the parts of one spoken track to be decoded and encoded again. What is
 * sent is copied (the parts are the cache's or the memory's own); what comes back is moved.
 */
export function openMp3Refitter(start: () => JoinWorker = startJoinWorker): Mp3Refitter {
  const worker = start();
  const waiting = new Map<number, { resolve: (reply: RefitReply) => void; reject: (error: Error) => void }>();
  let next = 0;
  let failed: Error | null = null;
  worker.port.addEventListener('message', (event: MessageEvent<RefitReply>) => {
    const reply = event.data;
    const pending = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.type === 'error') pending?.reject(new Error(`refitting the speech failed: ${reply.message}`));
    else pending?.resolve(reply);
  });
  // The worker's script did not load or threw: no answer will come.
  worker.port.addEventListener('error', () => {
    failed = new Error('the join worker failed');
    for (const { reject } of waiting.values()) reject(failed);
    waiting.clear();
  });
  worker.port.start?.();
  const ask = (request: RefitRequest) =>
    new Promise<RefitReply>((resolve, reject) => {
      if (failed) return reject(failed);
      waiting.set(request.id, { resolve, reject });
      worker.port.postMessage(request, []);
    });
  return {
    async decode(bytes) {
      const reply = await ask({ type: 'decodeMp3', id: next++, bytes });
      if (reply.type !== 'decoded') throw new Error('the join worker answered out of turn');
      return reply.speech;
    },
    async encode(speech, like) {
      const reply = await ask({ type: 'encodeMp3', id: next++, speech, like });
      if (reply.type !== 'encoded') throw new Error('the join worker answered out of turn');
      return reply.bytes;
    },
    end: () => worker.end(),
  };
}
