import { browser } from 'wxt/browser';
import { ServiceError } from '../api/errors';
import { pageMarks, type PageHighlight, type PageNoticeData, type PageText } from '../messaging/protocol';
import { sendMessage } from '../messaging/send';
import { formatNumber, t } from '../i18n';
import { knownFrames, rememberFrames } from './injected-frames';
import { PAGE_TRANSLATE_REQUEST_KEY, type PageTranslateRequest } from '../page-translate/request';

const PAGE_SCRIPT = '/content-scripts/page.js';
const ARTICLE_SCRIPT = '/content-scripts/article.js';
const PAGE_TRANSLATE_SCRIPT = '/content-scripts/page-translate.js';

/** How long one injection into frames we merely try (the page's other frames) may take; a frame that never finishes loading must not hang us. */
export const INJECT_TIMEOUT_MS = 3000;
/**
 * How long the page the user invoked us on (and the frame they clicked) may take to let the page
 * script in before they are told it did not: longer, since nothing can be done without it, and a
 * page whose renderer is busy (a heavy page, a loaded machine) gets there in the end.
 */
export const PAGE_INJECT_TIMEOUT_MS = 10_000;

/**
 * Runs one of the small probe scripts (`file`, e.g. '/selection-probe.js') in frame `frameId` of
 * the tab at once, before the scripts injected after it (a frame runs them in order), and returns
 * its result as `schema` reads it; null where it cannot run, answers something else, or takes
 * longer than INJECT_TIMEOUT_MS.
 */
export async function runProbe<T>(tabId: number, frameId: number, file: '/selection-probe.js' | '/here-probe.js' | '/written-probe.js', schema: { safeParse(value: unknown): { data?: T } }): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), INJECT_TIMEOUT_MS)));
  const run = browser.scripting
    .executeScript({ target: { tabId, frameIds: [frameId] }, files: [file], injectImmediately: true })
    .then(([result]) => schema.safeParse(result?.result).data ?? null, () => null);
  try {
    return await Promise.race([run, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs a probe in every frame of the tab we may enter, within INJECT_TIMEOUT_MS: what each frame
 * answered that `schema` accepts and is not null, with its frame, in the browser's frame order.
 */
export async function runProbeInFrames<T>(tabId: number, file: '/written-probe.js', schema: { safeParse(value: unknown): { data?: T | null } }): Promise<{ frameId: number; value: T }[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<[]>((resolve) => (timer = setTimeout(() => resolve([]), INJECT_TIMEOUT_MS)));
  const run = browser.scripting.executeScript({ target: { tabId, allFrames: true }, files: [file], injectImmediately: true }).then(
    (results) => results.flatMap(({ frameId, result }) => {
      const value = schema.safeParse(result).data;
      return value === undefined || value === null ? [] : [{ frameId, value }];
    }),
    () => [],
  );
  try {
    return await Promise.race([run, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether a failed injection says a frame went away while it ran (a frame replaced by the page's
 * own scripts, an ad frame reloaded) rather than that the browser forbids us the page.
 */
export function frameWentAway(error: unknown): boolean {
  return /no frame with id|frame\b.*\b(?:was removed|detached)/i.test(error instanceof Error ? error.message : String(error));
}

/**
 * Runs the page script in the given frames at once (not after they finish loading: an ad frame
 * such as `<iframe src="javascript:false">` never does) and within `timeoutMs`. A frame that went
 * away meanwhile is not the page refusing us: the injection is tried once more (into the top page
 * alone where another frame was asked for too). What else fails is said as a page we may not touch,
 * with the browser's own words in the worker's console. `before`: run just before each try (a
 * frame runs what it is given in order), e.g. to leave the script what it is to do.
 */
async function inject(
  tabId: number,
  target: { frameIds: number[] } | { allFrames: true },
  timeoutMs: number,
  files: (typeof PAGE_SCRIPT | typeof PAGE_TRANSLATE_SCRIPT)[] = [PAGE_SCRIPT],
  before?: (into: { frameIds: number[] } | { allFrames: true }) => void,
): Promise<number[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ServiceError('invalidRequest', t('pageNoAnswer', formatNumber(timeoutMs / 1000)))), timeoutMs);
  });
  const once = (into: typeof target) => {
    before?.(into);
    return browser.scripting.executeScript({ target: { tabId, ...into }, files, injectImmediately: true });
  };
  const run = once(target)
    .catch((error: unknown) => {
      if (!frameWentAway(error)) throw error;
      return once('frameIds' in target ? { frameIds: [0] } : target);
    })
    .then(
      (results) => results.map((r) => r.frameId),
      (error: unknown) => {
        console.warn('Voxlate: the page script could not be added:', error);
        return Promise.reject(new ServiceError('invalidRequest', t('pageRestricted')));
      },
    );
  try {
    return await Promise.race([run, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Injects the page script where the user's click (activeTab) opened the tab to us: the top page
 * and the clicked frame. Without a clicked frame (a shortcut, the popup) the other frames are
 * tried too, bounded in time and never in the way. Fails with words the user can act on where the
 * browser forbids extensions (its own pages, the web store) or the page does not answer in time.
 */
export async function injectPageScript(tabId: number, clickedFrame?: number): Promise<number[]> {
  const known = await pageScriptFrames(tabId, clickedFrame);
  if (known) return known;
  const frames = await inject(tabId, { frameIds: clickedFrame ? [0, clickedFrame] : [0] }, PAGE_INJECT_TIMEOUT_MS);
  const others = clickedFrame === undefined ? await inject(tabId, { allFrames: true }, INJECT_TIMEOUT_MS).catch(() => []) : [];
  const all = [...new Set([...frames, ...others])];
  void rememberFrames(tabId, all).catch(() => undefined);
  return all;
}

/**
 * As injectPageScript for a shortcut (no clicked frame), but the top page's script is asked for
 * alone first and `frames` comes as soon as it runs there: the other frames are tried meanwhile,
 * and `all` tells when they are done. Most of what a shortcut is for is in the top page (the
 * page's first use waits for one injection, not two).
 */
export async function injectPageScriptTopFirst(tabId: number): Promise<{ frames: number[]; all: Promise<number[]> }> {
  const known = await pageScriptFrames(tabId);
  if (known) return { frames: known, all: Promise.resolve(known) };
  const frames = await inject(tabId, { frameIds: [0] }, PAGE_INJECT_TIMEOUT_MS);
  const all = inject(tabId, { allFrames: true }, INJECT_TIMEOUT_MS)
    .catch(() => [])
    .then((others) => {
      const every = [...new Set([...frames, ...others])];
      void rememberFrames(tabId, every).catch(() => undefined);
      return every;
    });
  return { frames, all };
}

/**
 * Asks the page for text: the selection (from the frame that has one, the clicked frame first),
 * or, in 'auto' mode with no selection anywhere, the article of the top page. 'peek' only looks
 * at the selection, leaving what the page highlights for a reading under way alone.
 * `selectionText` is what the browser saw selected in the clicked frame at a context-menu click:
 * that frame alone is asked, and checks its selection against it (see readCheckedSelection).
 */
export async function readPageText(
  tabId: number,
  frames: number[],
  mode: 'selection' | 'auto' | 'peek' | 'article',
  preferredFrame?: number,
  selectionText?: string,
): Promise<(PageText & { frameId: number }) | null> {
  if (selectionText !== undefined && mode !== 'peek') {
    const frameId = reportingFrame(frames, preferredFrame);
    const result = await sendMessage('pageGetText', { mode: 'selection', selectionText }, { tabId, frameId }).catch(() => null);
    return result?.ok && result.value ? checkedText(result.value, frameId) : null;
  }
  // 'article': the top page's article, whatever is selected.
  const ordered = mode === 'article' ? [] : [...new Set([preferredFrame ?? 0, ...frames])].filter((f) => frames.includes(f));
  for (const frameId of ordered) {
    const target = { tabId, frameId };
    const result = await (mode === 'peek'
      ? sendMessage('pagePeekSelection', undefined, target)
      : sendMessage('pageGetText', { mode: 'selection' }, target)
    ).catch(() => null);
    if (result?.ok && result.value) return checkedText(result.value, frameId);
  }
  if (mode === 'auto' || mode === 'article') {
    // The article reader (Readability) is only injected when the whole page is wanted.
    await injectArticleScript(tabId, 0);
    const result = await sendMessage('pageGetText', { mode: 'page' }, { tabId, frameId: 0 }).catch(() => null);
    if (result?.ok && result.value) return checkedText(result.value, 0);
  }
  return null;
}

/** A page's text as the worker takes it: its marks kept only when well formed and inside it. */
export function checkedText(found: PageText, frameId: number): PageText & { frameId: number } {
  const { marks, ...rest } = found;
  const checked = pageMarks(marks, found.text.length);
  return { ...rest, frameId, ...(checked ? { marks: checked } : {}) };
}

/** Adds the article reader (Readability) beside the page script of a frame; where it fails, the page's own text is read. */
export async function injectArticleScript(tabId: number, frameId: number): Promise<void> {
  await browser.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files: [ARTICLE_SCRIPT] }).catch(() => undefined);
}

/**
 * The frames the page script already runs in (a second invocation on the same page), when they
 * include the clicked frame: a message is much quicker than running the script again. A
 * navigation drops the script, and the ping then fails: undefined, to inject.
 */
export async function pageScriptFrames(tabId: number, clickedFrame?: number): Promise<number[] | undefined> {
  const known = await knownFrames(tabId);
  if (known && (clickedFrame === undefined || known.includes(clickedFrame)) && (await sendMessage('pagePing', undefined, { tabId, frameId: 0 }).catch(() => null))?.ok) {
    return known;
  }
  return undefined;
}

/**
 * Starts a web page's translation from the injection itself: what it is to do is left in the top
 * frame's extension world, then the page-translation script runs and starts on it. No page script
 * and no message come first (measured on encyclopedia.html: the page script's own start took
 * 65–104 ms and the message 5–55 ms before the first paragraphs could leave). 'pdf' when the
 * document is a PDF: nothing was started, the reader is for it. Fails as injectPageScript does
 * where the browser forbids the page (the reader's own page among them: it is told by message).
 */
export async function startPageTranslationIn(tabId: number, request: PageTranslateRequest): Promise<'started' | 'pdf'> {
  let asked: Promise<unknown> = Promise.resolve(null);
  const leave = (into: { frameIds: number[] } | { allFrames: true }) => {
    asked = browser.scripting
      .executeScript({
        target: { tabId, ...into },
        injectImmediately: true,
        // Runs in the frame: no closure. A PDF shown by the browser's viewer starts nothing.
        func: (key: string, value: PageTranslateRequest) => {
          if (document.contentType === 'application/pdf') return 'pdf';
          (globalThis as Record<symbol, unknown>)[Symbol.for(key)] = value;
          return 'page';
        },
        args: [PAGE_TRANSLATE_REQUEST_KEY, request],
      })
      .then(([result]) => result?.result, () => null);
  };
  await inject(tabId, { frameIds: [0] }, PAGE_INJECT_TIMEOUT_MS, [PAGE_TRANSLATE_SCRIPT], leave);
  return (await asked) === 'pdf' ? 'pdf' : 'started';
}

/**
 * The frame to check a context-menu click's selection in: the clicked one, or the top page when
 * the page script could not go there (another site's frame); the top page then shows what the
 * browser reported, as it has no such selection.
 */
export function reportingFrame(frames: number[], clicked?: number): number {
  return clicked !== undefined && frames.includes(clicked) ? clicked : 0;
}

/** Sends to the page script, ignoring a tab that was closed or navigated away meanwhile. */
export async function tellPage(
  tabId: number,
  frameId: number,
  message: ({ type: 'pageHighlight' } & PageHighlight) | { type: 'pageClearHighlight' } | ({ type: 'pageNotice' } & PageNoticeData),
): Promise<boolean> {
  const target = { tabId, frameId };
  try {
    if (message.type === 'pageHighlight') {
      const { type: _type, ...highlight } = message;
      await sendMessage('pageHighlight', highlight, target);
    } else if (message.type === 'pageClearHighlight') await sendMessage('pageClearHighlight', undefined, target);
    else {
      const { type: _type, ...notice } = message;
      await sendMessage('pageNotice', notice, target);
    }
    return true;
  } catch {
    return false;
  }
}
