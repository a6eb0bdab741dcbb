import { expect, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { browserCdp } from './browser';
import type { LedgerEntry } from '../../emulator/state';

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
  embedderData?: { tabActive?: boolean };
}

/**
 * Clicks the toolbar button for a page's tab, as a person would: Chrome then grants activeTab
 * for that tab (the only way the extension may touch a page). Done over CDP, the one way to
 * click an extension's action headless.
 *
 * Then closes the popup the click opened, as the person's next click on the page does: headless,
 * it stays open for the rest of the test, unseen (Playwright lists no such page; tests that look
 * at the popup open popup.html in a tab), and repaints with every step of a reading: measured,
 * a seventh of a core for as long as one plays.
 */
export async function clickToolbarButton(context: BrowserContext, page: Pick<Page, 'url'>, extensionId: string): Promise<void> {
  const cdp = await browserCdp(context);
  // Tabs (the toolbar button's tab) and pages (the popup).
  const targets = async () => (await cdp<{ targetInfos: TargetInfo[] }>('Target.getTargets', { filter: [{ type: 'tab' }, { type: 'page' }] })).targetInfos;
  const popupUrl = `chrome-extension://${extensionId}/popup.html`;
  const before = await targets();
  // A tab just closed (a previous test's or cell's) may still be listed a moment at the same
  // address: the page the user is on is the active one (else the newest).
  const matches = before.filter((t) => t.type === 'tab' && t.url === page.url());
  const target = matches.find((t) => t.embedderData?.tabActive) ?? matches.at(-1);
  if (!target) throw new Error(`no tab target for ${page.url()}`);
  const popupsBefore = new Set(before.filter((t) => t.url === popupUrl).map((t) => t.targetId));
  // A test may have taken the popup away (chrome.action.setPopup): the click then opens nothing.
  const worker = context.serviceWorkers().find((w) => w.url().startsWith(`chrome-extension://${extensionId}/`));
  const opensPopup = !worker || (await worker.evaluate(() => chrome.action.getPopup({}))) !== '';
  await cdp('Extensions.triggerAction', { id: extensionId, targetId: target.targetId });
  if (!opensPopup) return;
  let popup: TargetInfo | undefined;
  await expect
    .poll(async () => (popup = (await targets()).find((t) => t.type === 'page' && t.url === popupUrl && !popupsBefore.has(t.targetId))), {
      message: 'the toolbar button opened its popup',
      intervals: [50],
    })
    .toBeDefined();
  await cdp('Target.closeTarget', { targetId: popup!.targetId });
}

/** The tab id the extension sees for a page (by URL). */
export async function tabIdOf(background: Worker, page: Page): Promise<number> {
  const url = page.url();
  return background.evaluate(async (u) => {
    const tabs = await chrome.tabs.query({});
    // Without host access the extension cannot see a tab's URL (e.g. chrome:// pages): take the newest.
    const tab = tabs.find((t) => t.url === u) ?? tabs.filter((t) => !t.url).sort((a, b) => b.id! - a.id!)[0];
    if (!tab?.id) throw new Error(`no tab for ${u}`);
    return tab.id;
  }, url);
}

/**
 * Does what clicking one of our context menu entries does (menus cannot be clicked headless).
 * `selectionText` is what the browser reports as selected at the click, and `frameId` the frame
 * clicked: by default the page's selection right now and the frame holding it, as Chrome would
 * report them. Pass the text selected when the user right-clicked to play a page that swaps the
 * selection afterwards, or null for a click that reports none.
 */
export async function clickMenu(background: Worker, page: Page, menuItemId: string, frameId?: number, selectionText?: string | null): Promise<void> {
  const tabId = await tabIdOf(background, page);
  const seen = selectionText === undefined ? await selectionNow(background, tabId, page) : { text: selectionText, frameId: 0 };
  await background.evaluate(
    async ([id, tab, frame, text]) => {
      const hooks = (globalThis as never as { voxlateTestHooks: { onMenuClick: (i: unknown, t: unknown) => boolean } }).voxlateTestHooks;
      const t = await chrome.tabs.get(tab);
      const info = { menuItemId: id, frameId: frame, editable: false, pageUrl: t.url, ...(text ? { selectionText: text } : {}) };
      if (!hooks.onMenuClick(info, t)) throw new Error(`menu ${id} not handled`);
    },
    [menuItemId, tabId, frameId ?? seen.frameId, seen.text] as const,
  );
}

/** A focused field's selected text, else the document's selection: what Chrome reports to a menu click. */
function selectionInPage(): string {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  if (active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement) {
    const { selectionStart: start, selectionEnd: end } = active;
    if (start !== null && end !== null && end > start) return active.value.slice(start, end);
  }
  return getSelection()?.toString() ?? '';
}

/**
 * The selected text of a tab and the frame holding it (the top page first), as the browser
 * reports them to a menu click. A selection in a frame is found through the extension, which
 * knows frame ids (where the user's click gave it access; else there is none).
 */
async function selectionNow(background: Worker, tabId: number, page: Page): Promise<{ text: string | null; frameId: number }> {
  const top = await page.evaluate(selectionInPage).catch(() => '');
  if (top || page.frames().length === 1) return { text: top || null, frameId: 0 };
  const found = await background.evaluate(async (tab) => {
    try {
      // At once and bounded, as the browser reads a selection: ad frames that never finish loading
      // must not hold the click up.
      const run = chrome.scripting.executeScript({
        target: { tabId: tab, allFrames: true },
        injectImmediately: true,
        // The same as selectionInPage (a function cannot be handed to the worker).
        func: () => {
          let active = document.activeElement;
          while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
          if (active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement) {
            const { selectionStart: start, selectionEnd: end } = active;
            if (start !== null && end !== null && end > start) return active.value.slice(start, end);
          }
          return getSelection()?.toString() ?? '';
        },
      });
      const results = await Promise.race([run, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer')), 2000))]);
      const hit = results.find((r) => r.result);
      return hit ? { text: hit.result as string, frameId: hit.frameId } : null;
    } catch {
      return null;
    }
  }, tabId);
  return found ?? { text: null, frameId: 0 };
}

/** Does what pressing one of our keyboard shortcuts does. */
export async function pressShortcut(background: Worker, command: string, page?: Page): Promise<void> {
  const tabId = page ? await tabIdOf(background, page) : null;
  await background.evaluate(
    async ([name, tab]) => {
      const hooks = (globalThis as never as { voxlateTestHooks: { onCommand: (c: string, t?: unknown) => boolean } }).voxlateTestHooks;
      hooks.onCommand(name, tab === null ? undefined : await chrome.tabs.get(tab));
    },
    [command, tabId] as const,
  );
}

export interface SessionSnapshot {
  status: string | null;
  sentence: number;
  elapsedSec: number;
  sentenceCount: number;
  title: string;
}

/** The reading under way as the extension stores it (null when none). */
export async function readingSession(background: Worker): Promise<SessionSnapshot | null> {
  return background.evaluate(async () => {
    const { reading } = (await chrome.storage.session.get('reading')) as {
      reading?: { plan: { sentenceCount: number; title: string }; position: { status: string; sentence: number; elapsedSec: number } | null } | null;
    };
    if (!reading) return null;
    return {
      status: reading.position?.status ?? null,
      sentence: reading.position?.sentence ?? 0,
      elapsedSec: reading.position?.elapsedSec ?? 0,
      sentenceCount: reading.plan.sentenceCount,
      title: reading.plan.title,
    };
  });
}

/** Text of the sentence (or with `name` 'voxlate-word', the word) highlighted on the page by the CSS Custom Highlight API. */
export async function highlightedText(page: Page, frame = page.mainFrame(), name = 'voxlate-reading'): Promise<string | null> {
  void page;
  return frame.evaluate((name) => {
    const highlight = CSS.highlights.get(name);
    if (!highlight || highlight.size === 0) return null;
    const [range] = [...highlight] as Range[];
    return range!.toString().replace(/\s+/g, ' ').trim();
  }, name);
}

/**
 * Starts noting every sentence highlighted on the page, in order, as the page itself sees them
 * (checked each frame, in the page): a test then asks what was lit first or whether a sentence was
 * lit at all, however fast the reading moved on while a loaded machine answered slowly.
 */
export async function watchHighlights(page: Page, { fromNextPage = false, name = 'voxlate-reading' } = {}): Promise<() => Promise<string[]>> {
  const store = `__voxlateSeen_${name}`;
  const watch = ([name, store]: [string, string]) => {
    const seen: string[] = [];
    Object.assign(window, { [store]: seen });
    const look = () => {
      const highlight = CSS.highlights.get(name);
      // All its ranges: a PDF's sentence is lit piece by piece (one range per line of the text layer).
      const ranges = highlight && highlight.size > 0 ? ([...highlight] as Range[]) : [];
      const text = ranges.map((range) => range.toString()).join(' ').replace(/\s+/g, ' ').trim();
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    // Frames stop in a hidden tab; the interval keeps looking there.
    const frame = () => {
      look();
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    setInterval(look, 20);
  };
  // `fromNextPage`: from the first moment of the page the tab goes to next (the reader a click opens).
  if (fromNextPage) await page.addInitScript(watch, [name, store] as [string, string]);
  else await page.evaluate(watch, [name, store] as [string, string]);
  return () => page.evaluate((store) => [...((window as unknown as Record<string, string[] | undefined>)[store] ?? [])], store);
}

export interface AxNode {
  role: string;
  name: string;
  backendDOMNodeId?: number;
}

/**
 * The page as assistive technology sees it, closed shadow roots included (our in-page UI lives
 * in one, out of reach of page scripts and of Playwright's locators alike).
 */
export async function accessibleNodes(context: BrowserContext, page: Page, { frames = false } = {}): Promise<AxNode[]> {
  interface FrameTree { frame: { id: string }; childFrames?: FrameTree[] }
  type Nodes = { nodes: { role?: { value: string }; name?: { value: string }; backendDOMNodeId?: number; ignored?: boolean }[] };
  const cdp = await context.newCDPSession(page);
  // `frames`: the page's child frames too (a bubble can open in a same-origin frame); one that
  // does not answer at once (another process, still loading) is left out.
  const ids: string[] = [];
  if (frames) {
    const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: FrameTree };
    const walk = (tree: FrameTree) => tree.childFrames?.forEach((child) => (ids.push(child.frame.id), walk(child)));
    walk(frameTree);
  }
  const inFrame = (frameId: string) =>
    Promise.race([cdp.send('Accessibility.getFullAXTree', { frameId }) as Promise<Nodes>, new Promise<Nodes>((resolve) => setTimeout(() => resolve({ nodes: [] }), 1000))]).catch(() => ({ nodes: [] }));
  const trees = await Promise.all([cdp.send('Accessibility.getFullAXTree') as Promise<Nodes>, ...ids.map(inFrame)]);
  await cdp.detach();
  return trees
    .flatMap((tree) => tree.nodes)
    .filter((n) => !n.ignored)
    .map((n) => ({ role: n.role?.value ?? '', name: n.name?.value ?? '', backendDOMNodeId: n.backendDOMNodeId }));
}

/**
 * Clicks an element found in the accessibility tree (works inside closed shadow roots), once its
 * box has stopped moving (our bubble re-places itself on the next frame after it grows).
 */
export async function clickAxNode(context: BrowserContext, page: Page, node: AxNode): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const box = async () => {
    const { model } = (await cdp.send('DOM.getBoxModel', { backendNodeId: node.backendDOMNodeId })) as { model: { content: number[] } };
    return model.content.join(',');
  };
  const settled = async () => {
    let last = await box();
    for (let i = 0; i < 20; i++) {
      await page.waitForTimeout(50);
      const now = await box();
      if (now === last) break;
      last = now;
    }
    const [x1, y1, , , x3, y3] = last.split(',').map(Number) as [number, number, number, number, number, number];
    return [(x1 + x3) / 2, (y1 + y3) / 2] as const;
  };
  // Pointed at first, as a person does: UI that opens on hover (a collapsed control, whose
  // buttons are kept for the keyboard but not drawn) opens, and the button is clicked where it is
  // then. A button not drawn is pointed at through the nearest box around it that is.
  await settled();
  const { object } = (await cdp.send('DOM.resolveNode', { backendNodeId: node.backendDOMNodeId })) as { object: { objectId: string } };
  const pointed = (await cdp.send('Runtime.callFunctionOn', {
    objectId: object.objectId,
    functionDeclaration: `function () {
      let el = this.nodeType === 1 ? this : this.parentElement;
      // Drawn: a box, and what is under its centre is it (not clipped away, not covered).
      const drawn = (e) => {
        const r = e.getBoundingClientRect();
        if (r.width <= 2 || r.height <= 2) return false;
        const root = e.getRootNode();
        const hit = (root.elementFromPoint ? root : document).elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && (hit === e || e.contains(hit));
      };
      while (el && !drawn(el)) el = el.parentElement ?? (el.getRootNode() instanceof ShadowRoot ? el.getRootNode().host : null);
      const r = (el ?? this).getBoundingClientRect();
      // In a frame of the page: where that frame is on the page.
      let dx = 0, dy = 0;
      for (let w = (el ?? this).ownerDocument.defaultView; w && w.frameElement; w = w.parent) {
        const f = w.frameElement.getBoundingClientRect();
        dx += f.left + w.frameElement.clientLeft;
        dy += f.top + w.frameElement.clientTop;
      }
      return [r.left + r.width / 2 + dx, r.top + r.height / 2 + dy];
    }`,
    returnByValue: true,
  })) as { result: { value?: [number, number] }; exceptionDetails?: { exception?: { description?: string } } };
  if (!pointed.result.value) throw new Error(`clickAxNode: ${pointed.exceptionDetails?.exception?.description ?? 'no place to point at'}`);
  const result = pointed.result as { value: [number, number] };
  const [x, y] = result.value;
  await page.mouse.move(x, y);
  // (The box model is already on the page's scale, frames included.)
  const [atX, atY] = await settled();
  await cdp.detach();
  await page.mouse.click(atX, atY);
}

/** Selects the whole text of the first element matching the selector. */
export async function selectText(page: Page, selector: string): Promise<string> {
  return page.evaluate((sel) => {
    const element = document.querySelector(sel);
    if (!element) throw new Error(`nothing matches ${sel}`);
    const selection = getSelection()!;
    selection.removeAllRanges();
    const range = document.createRange();
    range.selectNodeContents(element);
    selection.addRange(range);
    return selection.toString();
  }, selector);
}

/** The emulator's request log. */
export interface LoggedServiceRequest {
  /** The log id; a ledger entry carries the id of the request it charged. */
  id: number;
  /** ISO time the request arrived. */
  time: string;
  method: string;
  path: string;
  status: number;
  textLength: number | null;
  textStart: string | null;
  language: string | null;
  voiceId: string | null;
  /** `speed` of a tts request as sent. */
  speed: number | null;
  hasAuthorization: boolean;
  durationMs: number;
}

export async function emulatorLog(emulatorUrl: string): Promise<LoggedServiceRequest[]> {
  const response = await fetch(`${emulatorUrl}/__emulator/log`);
  return ((await response.json()) as { requests: never[] }).requests;
}

export type { LedgerEntry };

export { ledger, spokenTexts } from './ledger';

/** Selects the first occurrence of `snippet` in the page's text (inside one text node). */
export async function selectSnippet(page: Page, snippet: string): Promise<void> {
  await page.evaluate((wanted) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = (node as Text).data.indexOf(wanted);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
      return;
    }
    throw new Error(`text not found: ${wanted}`);
  }, snippet);
}

/** The toolbar button's badge text and tooltip. */
export async function badgeOf(background: Worker): Promise<{ text: string; title: string }> {
  return background.evaluate(async () => ({ text: await chrome.action.getBadgeText({}), title: await chrome.action.getTitle({}) }));
}

/** Speech requests the emulator answered (successfully or not). */
export async function speechRequests(emulatorUrl: string) {
  return (await emulatorLog(emulatorUrl)).filter((r) => r.path === '/api/v1/tts');
}

/**
 * Waits until the reading reaches a status; fails at once, with the message the user would see,
 * when the reading went wrong instead.
 * The deadline is only against a reading that never gets there: a busy CI machine takes its
 * time (a reading that fails says so at once, through the badge).
 */
export async function waitForStatus(background: Worker, status: string, timeout = 60_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const session = await readingSession(background);
    if (session?.status === status) return;
    const badge = await badgeOf(background);
    if (badge.text === '!') throw new Error(`reading failed: ${badge.title}`);
    if (Date.now() > deadline) throw new Error(`reading never reached "${status}" (now ${session?.status ?? 'no reading'})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Text shown by our in-page UI (notices, overlays, bubble). It lives in closed shadow roots,
 * out of reach of page scripts and of Playwright's locators, so it is read over CDP, which sees
 * every shadow root.
 */
export async function inPageUiText(context: BrowserContext, page: Page, hostPrefix = 'voxlate-'): Promise<string> {
  interface DomNode {
    nodeName: string;
    nodeType: number;
    nodeValue: string;
    children?: DomNode[];
    shadowRoots?: DomNode[];
    contentDocument?: DomNode;
  }
  const cdp = await context.newCDPSession(page);
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  await cdp.detach();
  const texts: string[] = [];
  const collect = (node: DomNode, inside: boolean) => {
    const within = inside || node.nodeName.toLowerCase().startsWith(hostPrefix);
    if (within && node.nodeType === 3 && node.nodeValue.trim()) texts.push(node.nodeValue.trim());
    if (node.nodeName === 'STYLE') return;
    for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? []), ...(node.contentDocument ? [node.contentDocument] : [])]) collect(child, within);
  };
  collect(root, false);
  return texts.join(' ');
}

/** Runs a function on an element found in the accessibility tree (inside closed shadow roots too). */
export async function callOnAxNode<T>(context: BrowserContext, page: Page, node: AxNode, fn: string, ...args: unknown[]): Promise<T> {
  const cdp = await context.newCDPSession(page);
  const { object } = (await cdp.send('DOM.resolveNode', { backendNodeId: node.backendDOMNodeId })) as { object: { objectId: string } };
  const { result } = (await cdp.send('Runtime.callFunctionOn', {
    objectId: object.objectId,
    functionDeclaration: fn,
    arguments: args.map((value) => ({ value })),
    returnByValue: true,
    awaitPromise: true,
  })) as { result: { value: T } };
  await cdp.detach();
  return result.value;
}

/** Waits for an accessible node matching role and name (a string is matched exactly), on the page or in a frame of it. */
export async function findAxNode(context: BrowserContext, page: Page, role: string, name: string | RegExp, timeout = 20_000): Promise<AxNode> {
  const deadline = Date.now() + timeout;
  const matches = (n: AxNode) => n.role === role && (typeof name === 'string' ? n.name === name : name.test(n.name));
  for (;;) {
    // The page first; its frames only when it is not there.
    const node = (await accessibleNodes(context, page)).find(matches) ?? (page.frames().length > 1 ? (await accessibleNodes(context, page, { frames: true })).find(matches) : undefined);
    if (node) return node;
    if (Date.now() > deadline) throw new Error(`no ${role} named ${String(name)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/**
 * Agrees, on the page, to a paid action above the user's threshold: the notice's confirm button
 * (e.g. "Read aloud (up to 1,234 credits)").
 */
export async function confirmOnPage(context: BrowserContext, page: Page, name: RegExp = /^Read aloud \(/): Promise<void> {
  await clickAxNode(context, page, await findAxNode(context, page, 'button', name));
}

/**
 * What choosing one of our context-menu entries on a page does: the click grants activeTab for
 * the tab (done here through the toolbar button, the one grant a headless browser can make), then
 * the entry's handler runs. `selectionText`: as for clickMenu.
 */
export async function chooseMenuEntry(
  context: BrowserContext,
  background: Worker,
  extensionId: string,
  page: Page,
  menuItemId: string,
  selectionText?: string | null,
): Promise<void> {
  await clickToolbarButton(context, page, extensionId);
  await clickMenu(background, page, menuItemId, undefined, selectionText);
}

/** How many of the extension's paid requests are on the wire (`active`) or queued (`waiting`): the test build's hook. */
export function requestsUnderWay(background: Worker): Promise<{ active: number; waiting: number }> {
  return background.evaluate(() => (globalThis as unknown as { voxlateTestHooks: { requestsUnderWay(): { active: number; waiting: number } } }).voxlateTestHooks.requestsUnderWay());
}

/** How many readings have begun and are not started yet (their first requests may be with the service): the test build's hook. */
export function startsUnderWay(background: Worker): Promise<number> {
  return background.evaluate(() => (globalThis as unknown as { voxlateTestHooks: { startsUnderWay(): number } }).voxlateTestHooks.startsUnderWay());
}

/** Waits until none of the extension's paid requests is on the wire or queued. */
export async function untilNothingUnderWay(background: Worker): Promise<void> {
  // A paid request already on the wire is let finish (it is paid for): on a busy machine the service takes its time.
  await expect.poll(() => requestsUnderWay(background), { timeout: 60_000 }).toEqual({ active: 0, waiting: 0 });
}

/** Stops the reading as the stop shortcut does, and waits until it is over and nothing of it is on the wire. */
export async function stopReadingAndSettle(background: Worker): Promise<void> {
  await background.evaluate(() => (globalThis as unknown as { voxlateTestHooks: { onCommand(c: string): boolean } }).voxlateTestHooks.onCommand('stop-reading'));
  await expect.poll(() => readingSession(background)).toBeNull();
  await untilNothingUnderWay(background);
}

/**
 * Waits until the speech of every part of the reading under way was bought (not heard to its end:
 * that is a minute of real time), then stops it and lets what was on the wire settle. Counted in
 * the emulator's log from `sinceMs` on; every part is a different request.
 */
export async function untilEveryPartBought(background: Worker, emulatorUrl: string, sinceMs = 0): Promise<void> {
  const parts = await background.evaluate(async () => {
    const { reading } = (await chrome.storage.session.get('reading')) as { reading?: { plan: { chunks: unknown[] } } };
    return reading!.plan.chunks.length;
  });
  const bought = async () => (await speechRequests(emulatorUrl)).filter((r) => r.status === 200 && Date.parse(r.time) >= sinceMs).length;
  await expect.poll(bought, { timeout: 60_000 }).toBe(parts);
  await stopReadingAndSettle(background);
}

/**
 * Waits for our in-page UI (`host`: the bubble by default) to show `marker` (a translation),
 * however long a busy machine takes; if it never comes, the failure says what the UI showed and
 * what the service was asked (the event missing, not a moment passed, is what fails).
 */
export async function untilInPageUiShows(context: BrowserContext, page: Page, emulatorUrl: string, marker: string, host = 'voxlate-bubble'): Promise<void> {
  await expect.poll(() => inPageUiText(context, page, host), { timeout: 60_000 }).toContain(marker).catch(async (error: unknown) => {
    const asked = (await emulatorLog(emulatorUrl)).map((r) => `${r.time} ${r.path} ${r.status} ${r.durationMs} ms`);
    throw new Error(`${String(error)}\nthe page showed: ${await inPageUiText(context, page, host)}\nthe service was asked:\n${asked.join('\n')}`);
  });
}
