import type { JoinPort, JoinReply, JoinRequest } from './join-worker';

export const AUDIO_MIME = { mp3: 'audio/mpeg', wav: 'audio/wav' } as const;

/** How long a joined file's object URL lives: the download has long started reading it by then. */
const URL_LIFETIME_MS = 60_000;

/** A join worker started for one join: the port it answers on, and how to end it. */
export interface JoinWorker {
  port: JoinPort;
  end(): void;
}

/** Starts the join worker (lib/audio/join.worker.ts): the only script that holds the mp3 codec. */
export function startJoinWorker(): JoinWorker {
  const worker = new Worker(new URL('./join.worker.ts', import.meta.url), { type: 'module' });
  return { port: worker, end: () => worker.terminate() };
}

/**
 * Joins a download's parts (in order; mp3 gaplessly, see joinMp3Gapless) into one file held as a
 * Blob, and returns its object URL for downloads.download, or null when a part is missing.
 * Runs where there is a document (Firefox's background page, Chrome's offscreen document: the
 * service worker has no object URLs nor workers); the join itself runs in a worker started for it
 * and ended after, so neither the player's thread nor any start-up script holds the codec.
 * `load` reads a part: the speech cache, or the worker's memory for a private window.
 * The URL is revoked after a minute; the document going away before revokes it too, which is
 * harmless once downloads.download has answered (the download holds the blob from its start).
 */
export async function joinedFileUrl(
  keys: readonly string[],
  format: 'mp3' | 'wav',
  load: (key: string) => Promise<Uint8Array | undefined>,
  start: () => JoinWorker = startJoinWorker,
): Promise<string | null> {
  const parts = await Promise.all(keys.map(load));
  if (parts.length === 0 || parts.some((p) => !p)) return null;
  const bytes = parts.length === 1 ? parts[0]! : await joinInWorker(parts as Uint8Array[], format, start());
  return audioFileUrl(bytes, format);
}

/**
 * An object URL of one audio file made elsewhere (a captions' spoken track), for downloads.download:
 * made where there is a document, and revoked after a minute as a joined file's is.
 */
export function audioFileUrl(bytes: Uint8Array, format: 'mp3' | 'wav'): string {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: AUDIO_MIME[format] }));
  setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS);
  return url;
}

/**
 * Has `worker` join `parts` and ends it once it has answered or failed. The parts are copied to
 * it, not moved: a private window's are the memory's own, still needed after.
 */
async function joinInWorker(parts: Uint8Array[], format: JoinRequest['format'], worker: JoinWorker): Promise<Uint8Array> {
  try {
    return await new Promise<Uint8Array>((resolve, reject) => {
      worker.port.addEventListener('message', (event: MessageEvent<JoinReply>) => {
        const reply = event.data;
        if (reply.type === 'joined') resolve(reply.bytes);
        else reject(new Error(`joining the download failed: ${reply.message}`));
      });
      // The worker's script did not load or threw: no answer will come.
      worker.port.addEventListener('error', () => reject(new Error('the join worker failed')));
      worker.port.start?.();
      worker.port.postMessage({ parts, format } satisfies JoinRequest, []);
    });
  } finally {
    worker.end();
  }
}
