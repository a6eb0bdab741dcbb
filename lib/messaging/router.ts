import { browser, type Browser } from 'wxt/browser';
import type * as z from 'zod/mini';
import { serializeError, ServiceError } from '../api/errors';
import { t } from '../i18n';
import { messageRules, type ProtocolMap } from './protocol';
import { onMessage } from './send';
import type { Result } from './result';
import { classifySender, originOf, type SenderKind } from './sender';

type Name = keyof ProtocolMap & keyof typeof messageRules;
type Output<K extends Name> = ReturnType<ProtocolMap[K]> extends Result<infer T> ? T : never;

/** A background handler: gets validated data and the checked sender, returns the value. */
export type Handler<K extends Name> = (
  data: z.output<(typeof messageRules)[K]['input']>,
  sender: CheckedSender,
) => Promise<Output<K>> | Output<K>;

export type Handlers = { [K in Name]: Handler<K> };

/** Who sent a message, as the router checked it. */
export type CheckedSender = { kind: SenderKind; tabId?: number; frameId?: number };

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

/** The reader speaks for its tab's page: what a page may send, it may; what only the reader sends, only it. */
function accepts(from: readonly SenderKind[], kind: SenderKind): boolean {
  return from.includes(kind) || (kind === 'reader' && from.includes('content'));
}

const refused = (message: string) => ({ ok: false as const, error: { kind: 'invalidRequest' as const, message } });

/**
 * Registers handlers with the same guard in whichever context handles them (background, offscreen
 * player, content script): the sender must be one the message allows, and the data must match the
 * message's zod schema. Errors come back as data (see Result).
 * Call synchronously from an entrypoint's main() so a message that wakes the worker is not missed.
 * Returns what unregisters them.
 */
export function registerHandlers(handlers: Partial<Handlers>): () => void {
  const removers: (() => void)[] = [];
  const id = browser.runtime.id;
  const origin = originOf(browser.runtime.getURL('/'));
  for (const name of Object.keys(handlers) as Name[]) {
    const rule = messageRules[name];
    const handle = handlers[name] as Handler<Name> | undefined;
    if (!handle) continue;
    const remove = onMessage(name, async ({ data, sender }) => {
      const kind = origin ? classifySender(sender as Browser.runtime.MessageSender, id, origin) : null;
      if (!kind || !accepts(rule.from, kind)) {
        return refused(`“${name}” is not accepted from this sender.`);
      }
      const parsed = rule.input.safeParse(data);
      if (!parsed.success) return refused(`“${name}” was sent with invalid data.`);
      try {
        const value = await handle(parsed.data as never, { kind, tabId: sender.tab?.id, frameId: sender.frameId });
        return { ok: true, value } as never;
      } catch (error) {
        return { ok: false, error: serializeError(error) } as never;
      }
    });
    removers.push(remove);
  }
  /** Stops answering these messages (a content script whose extension was updated or removed). */
  return () => removers.forEach((remove) => remove());
}
