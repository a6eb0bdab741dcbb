import { browser } from 'wxt/browser';
import { BUBBLE_CSS } from '../bubble/bubble-styles';
import { paintBubbleShell, removeBubbleShell } from '../bubble/shell';
import { t } from '../i18n';

/** An unclaimed shell goes after this long (the page script had INJECT_TIMEOUT_MS to come). */
const SHELL_LIFETIME_MS = 10_000;

/**
 * Paints the translation bubble's "Translating…" shell beside the selection of one frame at once,
 * without waiting for the page script (a few lines of code instead of its whole bundle). Resolves
 * to whether a shell was painted, once it is on screen; never rejects (a frame we may not touch
 * just has none).
 */
export async function showBubbleShell(tabId: number, frameId: number): Promise<boolean> {
  try {
    const [result] = await browser.scripting.executeScript({
      target: { tabId, frameIds: [frameId] },
      func: paintBubbleShell,
      args: [{ css: BUBBLE_CSS, dialog: t('bubbleDialog'), waiting: t('bubbleWaiting'), lifetimeMs: SHELL_LIFETIME_MS }],
      injectImmediately: true,
    });
    return result?.result === true;
  } catch {
    return false;
  }
}

/** Takes an unclaimed shell off a frame (the translation could not start there). */
export async function hideBubbleShell(tabId: number, frameId: number): Promise<void> {
  await browser.scripting
    .executeScript({ target: { tabId, frameIds: [frameId] }, func: removeBubbleShell, injectImmediately: true })
    .catch(() => undefined);
}
