import { MessageChannel } from 'node:worker_threads';
import { serveJoins, type JoinPort } from './join-worker';

/**
 * What `Worker` is to lib/audio/joined-file.ts where there is none (Node's tests): the join
 * worker's real code (serveJoins) on the far end of a message channel, with structured clone and
 * transfer as between a page and its worker. Stub it with vi.stubGlobal('Worker', JoinWorkerOnChannel).
 */
export class JoinWorkerOnChannel {
  private readonly channel = new MessageChannel();
  private readonly port = this.channel.port1 as unknown as JoinPort & { close(): void };

  constructor() {
    serveJoins(this.channel.port2 as unknown as JoinPort);
  }

  postMessage(message: unknown, transfer: Transferable[]): void {
    this.port.postMessage(message, transfer);
  }

  addEventListener(type: 'message' | 'error', listener: (event: MessageEvent) => void): void {
    this.port.addEventListener(type, listener);
  }

  start(): void {
    this.port.start?.();
  }

  terminate(): void {
    this.channel.port1.close();
    this.channel.port2.close();
  }
}
