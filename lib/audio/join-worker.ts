import { joinAudio } from './join';

/** What a page asks of the join worker: the parts of one download, in order. */
export interface JoinRequest {
  parts: Uint8Array[];
  format: 'mp3' | 'wav';
}

/** What the join worker answers: the one file, or why not. */
export type JoinReply = { type: 'joined'; bytes: Uint8Array } | { type: 'error'; message: string };

/** Either end of a message channel: a Worker, the worker's own scope, a MessagePort. */
export interface JoinPort {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: 'message' | 'error', listener: (event: MessageEvent) => void): void;
  start?(): void;
}

/**
 * The join worker's side: joins each download asked for (mp3 gaplessly, see joinMp3Gapless) and
 * hands the file's bytes back (moved, not copied). The mp3 codec is loaded here, and only here.
 */
export function serveJoins(port: JoinPort): void {
  port.addEventListener('message', (event: MessageEvent<JoinRequest>) => {
    const { parts, format } = event.data;
    joinAudio(parts, format).then(
      (bytes) => port.postMessage({ type: 'joined', bytes } satisfies JoinReply, [bytes.buffer]),
      (error: unknown) => port.postMessage({ type: 'error', message: String(error) } satisfies JoinReply, []),
    );
  });
  port.start?.();
}
