import { joinAudio } from './join';
import { openMp3Codec } from './mp3-codec';
import { decodeMp3Speech, encodeMp3Like } from './mp3-refit';
import type { SpeechSamples } from './speech-samples';

/** What a page asks of the join worker: the parts of one download, in order. */
export interface JoinRequest {
  parts: Uint8Array[];
  format: 'mp3' | 'wav';
}

/**
 * What a page asks of the join worker for a captions' spoken track: one mp3 part's speech decoded,
 * or speech encoded again like a part (see mp3-refit.ts). `id` pairs the answer with its request.
 */
export type RefitRequest = { type: 'decodeMp3'; id: number; bytes: Uint8Array } | { type: 'encodeMp3'; id: number; speech: SpeechSamples; like: Uint8Array };

/** What the join worker answers: the one file, or why not. */
export type JoinReply = { type: 'joined'; bytes: Uint8Array } | { type: 'error'; message: string };

/** What the join worker answers a RefitRequest. */
export type RefitReply = { type: 'decoded'; id: number; speech: SpeechSamples } | { type: 'encoded'; id: number; bytes: Uint8Array } | { type: 'error'; id: number; message: string };

/** Either end of a message channel: a Worker, the worker's own scope, a MessagePort. */
export interface JoinPort {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: 'message' | 'error', listener: (event: MessageEvent) => void): void;
  start?(): void;
}

/**
 * The join worker's side: joins each download asked for (mp3 gaplessly, see joinMp3Gapless) and
 * hands the file's bytes back (moved, not copied); decodes and encodes a spoken track's parts to be
 * fitted to their slots. The mp3 codec is loaded here, and only here.
 */
export function serveJoins(port: JoinPort): void {
  port.addEventListener('message', (event: MessageEvent<JoinRequest | RefitRequest>) => {
    const request = event.data;
    if ('type' in request) {
      refit(request).then(
        (reply) => port.postMessage(reply, reply.type === 'decoded' ? reply.speech.channels.map((c) => c.buffer) : [(reply as { bytes: Uint8Array }).bytes.buffer]),
        (error: unknown) => port.postMessage({ type: 'error', id: request.id, message: String(error) } satisfies RefitReply, []),
      );
      return;
    }
    const { parts, format } = request;
    joinAudio(parts, format).then(
      (bytes) => port.postMessage({ type: 'joined', bytes } satisfies JoinReply, [bytes.buffer]),
      (error: unknown) => port.postMessage({ type: 'error', message: String(error) } satisfies JoinReply, []),
    );
  });
  port.start?.();
}

async function refit(request: RefitRequest): Promise<RefitReply> {
  if (request.type === 'encodeMp3') return { type: 'encoded', id: request.id, bytes: encodeMp3Like(request.speech, request.like) };
  const codec = await openMp3Codec();
  try {
    return { type: 'decoded', id: request.id, speech: await decodeMp3Speech(request.bytes, codec) };
  } finally {
    codec.free();
  }
}
