import type * as z from 'zod/mini';
import { ServiceError } from '../api/errors';
import { t } from '../i18n';
import { answerMessage, type CheckedSender } from './guard';
import { messageRules, type ProtocolMap } from './protocol';
import type { Result } from './result';

type Name = keyof ProtocolMap & keyof typeof messageRules;
type Output<K extends Name> = ReturnType<ProtocolMap[K]> extends Result<infer T> ? T : never;

/** A background handler: gets validated data and the checked sender, returns the value. */
export type Handler<K extends Name> = (
  data: z.output<(typeof messageRules)[K]['input']>,
  sender: CheckedSender,
) => Promise<Output<K>> | Output<K>;

export type Handlers = { [K in Name]: Handler<K> };

export type { CheckedSender };

/**
 * The tab a page's message may act on: its own, and no other. A content script that somehow has
 * no tab (it cannot happen for a page) is refused rather than allowed to act on every tab.
 */
export function ownTab(sender: CheckedSender): number {
  if (sender.kind === 'extension' || sender.tabId === undefined) throw new ServiceError('invalidRequest', t('ownTabOnly'));
  return sender.tabId;
}

/**
 * The tab a message may act on: a page's own tab (see ownTab), or undefined for the extension's
 * own pages (the popup, options), which act on whichever tab the user chose there. The one check
 * every handler that a page may call goes through.
 */
export function actingTab(sender: CheckedSender): number | undefined {
  return sender.kind === 'extension' ? undefined : ownTab(sender);
}

/**
 * Registers handlers with the same guard in whichever context handles them (background, offscreen
 * player, content script): the sender must be one the message allows, and the data must match the
 * message's zod schema. Errors come back as data (see Result).
 * Call synchronously from an entrypoint's main() so a message that wakes the worker is not missed.
 * Returns what unregisters them.
 */
export function registerHandlers(handlers: Partial<Handlers>): () => void {
  const removers: (() => void)[] = [];
  for (const name of Object.keys(handlers) as Name[]) {
    const handle = handlers[name] as Handler<Name> | undefined;
    if (handle) removers.push(answerMessage(name, messageRules[name], (data, sender) => handle(data as never, sender)));
  }
  /** Stops answering these messages (a content script whose extension was updated or removed). */
  return () => removers.forEach((remove) => remove());
}
