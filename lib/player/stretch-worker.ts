import { createStretcher, type StretchInput, type Stretcher } from '../audio/stretch';

/** What the player's thread asks of the stretch worker. */
export type StretchRequest =
  | { type: 'start'; id: number; input: StretchInput }
  /** Input up to what the next `samples` of output need (stretchInputNeeded), and that output. */
  | { type: 'more'; id: number; channels: Float32Array[]; samples: number }
  | { type: 'cancel'; id: number };

/** What the worker answers: a slice of output (`produced`: output samples handed out in all), or why not. */
export type StretchReply =
  | { type: 'slice'; id: number; channels: Float32Array[]; produced: number }
  | { type: 'error'; id: number; message: string };

/** Either end of a message channel: a Worker, the worker's own scope, a MessagePort. */
export interface StretchPort {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: 'message' | 'error', listener: (event: MessageEvent) => void): void;
  start?(): void;
}

/**
 * The stretch worker's side: runs the stretches asked for, a slice per request, so a cancel or
 * another stretch is taken between slices. Each stretch keeps only its unread input and a frame.
 */
export function serveStretches(port: StretchPort): void {
  const stretches = new Map<number, Stretcher>();
  port.addEventListener('message', (event: MessageEvent<StretchRequest>) => {
    const request = event.data;
    if (request.type === 'start') stretches.set(request.id, createStretcher(request.input));
    else if (request.type === 'cancel') stretches.delete(request.id);
    else {
      const stretcher = stretches.get(request.id);
      // Cancelled meanwhile: nothing to answer.
      if (!stretcher) return;
      try {
        stretcher.feed(request.channels);
        const channels = stretcher.next(request.samples);
        if (stretcher.produced >= stretcher.length) stretches.delete(request.id);
        const reply: StretchReply = { type: 'slice', id: request.id, channels, produced: stretcher.produced };
        port.postMessage(reply, channels.map((c) => c.buffer));
      } catch (error) {
        stretches.delete(request.id);
        const reply: StretchReply = { type: 'error', id: request.id, message: String(error) };
        port.postMessage(reply, []);
      }
    }
  });
  port.start?.();
}
