import { serializeError, ServiceError } from '../api/errors';
import { sendMessage } from '../messaging/send';
import { checkedText, injectArticleScript, injectPageScript, reportingFrame } from './page-link';
import { openPdfInstead, pdfShownIn } from './pdf-tab';
import { warmUpReading } from './read-selection';
import { reportProblem } from './reading/problems';
import { startReading } from './reading/start';
import { askHereFirst, probeHereInTab } from './reading/here-first';
import { playerHost } from './reading/host';
import { getSettings } from '../settings/items';
import type { TabRef } from './tab-actions';
import { t } from '../i18n';

/**
 * "Read aloud from here": the article of the clicked frame (or its visible text when it has no
 * article) from the sentence where the user clicked or right-clicked to the end. The whole text is
 * planned, so going back and jumping still reach what comes before; only what is read is paid for.
 */
export async function readFromHereInTab(tab: TabRef, frameId?: number): Promise<void> {
  let injected = false;
  // On a PDF shown by the browser, where no click can be seen: the document opens in the reader and is read there.
  const pdf = () => pdfShownIn(tab.id).catch(() => null);
  // The clicked paragraph first (the probe runs before the scripts injected after it): the first
  // request, that sentence alone, can leave while the article is found (here-first.ts).
  const sessionId = crypto.randomUUID();
  // Once it left, the player gets ready while it is with the service (not before: creating Chrome's
  // player document on 2 cores slows what runs beside it).
  const first = probeHereInTab(tab.id, frameId ?? 0).then(async (probe) => {
    const sent = await askHereFirst(probe, sessionId, tab.id, await getSettings());
    if (sent) void playerHost().prepare?.().catch(() => undefined);
    return sent;
  });
  first.catch(() => undefined);
  try {
    // Both scripts at once (the article reader does not need the page script to be there first).
    void warmUpReading();
    const [frames] = await Promise.all([injectPageScript(tab.id, frameId), injectArticleScript(tab.id, frameId ?? 0)]).catch(async (error: unknown) => {
      if (await openPdfInstead(tab.id, pdf, 'read-page')) return [null];
      throw error;
    });
    if (!frames) return;
    injected = true;
    const frame = reportingFrame(frames, frameId);
    if (frame !== (frameId ?? 0)) await injectArticleScript(tab.id, frame);
    const answer = await sendMessage('pageGetText', { mode: 'from-here' }, { tabId: tab.id, frameId: frame }).catch(() => null);
    const found = answer?.ok && answer.value ? checkedText(answer.value, frame) : null;
    if (!found && (await openPdfInstead(tab.id, pdf, 'read-page'))) return;
    if (!found) throw new ServiceError('invalidRequest', t('readNoReadableText'));
    await startReading({
      text: found.text,
      ...(found.marks ? { marks: found.marks } : {}),
      title: found.title || tab.title || '',
      languageHint: found.languageHint,
      tabId: tab.id,
      frameId: frame,
      startOffset: found.startOffset ?? 0,
    }, { sessionId, first: frame === (frameId ?? 0) ? await first.catch(() => null) : null });
  } catch (error) {
    await reportProblem(injected ? tab.id : null, serializeError(error));
  }
}
