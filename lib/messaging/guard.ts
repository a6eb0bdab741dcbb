import { browser, type Browser } from 'wxt/browser';
import type * as z from 'zod/mini';
import { serializeError } from '../api/errors';
import type { ProtocolMap } from './protocol';
import { onMessage } from './send';
import { classifySender, originOf, type SenderKind } from './sender';

/** Who may send a message, and what its data must be. */
export interface MessageRule {
  input: z.ZodMiniType;
  from: readonly SenderKind[];
}

/** Who sent a message, as the guard checked it. */
export type CheckedSender = { kind: SenderKind; tabId?: number; frameId?: number };

/** The reader speaks for its tab's page: what a page may send, it may; what only the reader sends, only it. */
function accepts(from: readonly SenderKind[], kind: SenderKind): boolean {
  return from.includes(kind) || (kind === 'reader' && from.includes('content'));
}

const refused = (message: string) => ({ ok: false as const, error: { kind: 'invalidRequest' as const, message } });

/**
 * Answers one message with the guard every receiver goes through: the sender must be one `rule`
 * allows, and the data must match its schema; `handle` gets the parsed data. Errors come back as
 * data (see Result). Returns what stops answering it. registerHandlers (router.ts) calls it for
 * each handler; a script that answers one message alone calls it with that message's rule, and so
 * does not take in every message's schema.
 */
export function answerMessage(name: keyof ProtocolMap, rule: MessageRule, handle: (data: unknown, sender: CheckedSender) => unknown): () => void {
  const id = browser.runtime.id;
  const origin = originOf(browser.runtime.getURL('/'));
  return onMessage(name, async ({ data, sender }) => {
    const kind = origin ? classifySender(sender as Browser.runtime.MessageSender, id, origin) : null;
    if (!kind || !accepts(rule.from, kind)) return refused(`“${name}” is not accepted from this sender.`) as never;
    const parsed = rule.input.safeParse(data);
    if (!parsed.success) return refused(`“${name}” was sent with invalid data.`) as never;
    try {
      const value = await handle(parsed.data, { kind, tabId: sender.tab?.id, frameId: sender.frameId });
      return { ok: true, value } as never;
    } catch (error) {
      return { ok: false, error: serializeError(error) } as never;
    }
  });
}
