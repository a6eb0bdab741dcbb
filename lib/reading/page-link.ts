import { browser } from 'wxt/browser';
import { ServiceError } from '../api/errors';
import { sendMessage, type PageNoticeData, type PageText } from '../messaging/protocol';

const PAGE_SCRIPT = '/content-scripts/page.js';
const ARTICLE_SCRIPT = '/content-scripts/article.js';
/** Frames of each tab the page script was injected into, while this worker lives. */
const injectedFrames = new Map<number, number[]>();

/**
 * Injects the page script into the tab's frames that the user's click (activeTab) opened to us:
 * the top page and its same-origin frames. Fails with words the user can act on where the browser
 * forbids extensions (its own pages, the web store, other extensions' pages).
 */
export async function injectPageScript(tabId: number): Promise<number[]> {
  // Already there (a second invocation on the same page): a message is much quicker than
  // running the script again. A navigation drops the script, and the ping then fails.
  const known = injectedFrames.get(tabId);
  if (known && (await sendMessage('pagePing', undefined, { tabId, frameId: 0 }).catch(() => null))?.ok) return known;
  try {
    const results = await browser.scripting.executeScript({ target: { tabId, allFrames: true }, files: [PAGE_SCRIPT] });
    const frames = results.map((r) => r.frameId);
    injectedFrames.set(tabId, frames);
    return frames;
  } catch {
    throw new ServiceError(
      'invalidRequest',
      "Voxlate can't work on this page: the browser keeps extensions out of its own pages and the web store. Open a regular web page and try again, or paste the text into the Voxlate popup.",
    );
  }
}

/**
 * Asks the page for text: the selection (from the frame that has one, the clicked frame first),
 * or, in 'auto' mode with no selection anywhere, the article of the top page. 'peek' only looks
 * at the selection, leaving what the page highlights for a reading under way alone.
 */
export async function readPageText(
  tabId: number,
  frames: number[],
  mode: 'selection' | 'auto' | 'peek',
  preferredFrame?: number,
): Promise<(PageText & { frameId: number }) | null> {
  const ordered = [...new Set([preferredFrame ?? 0, ...frames])].filter((f) => frames.includes(f));
  for (const frameId of ordered) {
    const target = { tabId, frameId };
    const result = await (mode === 'peek'
      ? sendMessage('pagePeekSelection', undefined, target)
      : sendMessage('pageGetText', { mode: 'selection' }, target)
    ).catch(() => null);
    if (result?.ok && result.value) return { ...result.value, frameId };
  }
  if (mode === 'auto') {
    // The article reader (Readability) is only injected when the whole page is wanted.
    await browser.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: [ARTICLE_SCRIPT] }).catch(() => undefined);
    const result = await sendMessage('pageGetText', { mode: 'page' }, { tabId, frameId: 0 }).catch(() => null);
    if (result?.ok && result.value) return { ...result.value, frameId: 0 };
  }
  return null;
}

/** Sends to the page script, ignoring a tab that was closed or navigated away meanwhile. */
export async function tellPage(
  tabId: number,
  frameId: number,
  message: { type: 'pageHighlight'; start: number; end: number } | { type: 'pageClearHighlight' } | ({ type: 'pageNotice' } & PageNoticeData),
): Promise<boolean> {
  const target = { tabId, frameId };
  try {
    if (message.type === 'pageHighlight') await sendMessage('pageHighlight', { start: message.start, end: message.end }, target);
    else if (message.type === 'pageClearHighlight') await sendMessage('pageClearHighlight', undefined, target);
    else {
      const { type: _type, ...notice } = message;
      await sendMessage('pageNotice', notice, target);
    }
    return true;
  } catch {
    return false;
  }
}
