import { t } from '../i18n';
import type { GlossaryFormAsk } from '../messaging/protocol';
import { sendMessage } from '../messaging/send';
import { openGlossaryForm } from '../page/glossary-form';
import { showPageNotice } from '../page/notice';

/** How long the "added" note stays. */
const ADDED_NOTE_MS = 5000;

/**
 * Opens the "add to the glossary" form on this page for `ask.term` (the selection's menu entry, or
 * the bubble's "Add to glossary" with what it translated the term as), and sends the user's choice
 * to the worker, which checks it and stores it. Said once added; a refusal is said in the form.
 */
export function openGlossaryAdd(win: Window, ask: GlossaryFormAsk, signal?: AbortSignal): boolean {
  const site = /^https?:$/u.test(win.location.protocol) && win.location.hostname ? win.location.hostname : null;
  openGlossaryForm({
    term: ask.term,
    site,
    ...(ask.translation ? { translation: ask.translation } : {}),
    doc: win.document,
    ...(signal ? { signal } : {}),
    async onSave(choice) {
      const saved = await sendMessage('addGlossaryEntry', { ...choice, target: ask.target }).catch(() => null);
      if (!saved) return t('extensionUnavailable');
      if (!saved.ok) return saved.error.message;
      showPageNotice({ message: t('glossaryAdded', ask.term), tone: 'info', timeoutMs: ADDED_NOTE_MS, closeLabel: t('bubbleClose'), doc: win.document, ...(signal ? { signal } : {}) });
      return null;
    },
  });
  return true;
}
