import type { BrowserContext, Page, Worker } from '@playwright/test';
import { browserOverCdp } from './browser';

/**
 * Clicks the toolbar button for a page's tab, as a person would: Chrome then grants activeTab
 * for that tab (the only way the extension may touch a page). Done over CDP, the one way to
 * click an extension's action headless.
 */
export async function clickToolbarButton(context: BrowserContext, page: Page, extensionId: string): Promise<void> {
  const browser = await browserOverCdp(context);
  try {
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = (await cdp.send('Target.getTargets' as never, { filter: [{ type: 'tab' }] } as never)) as {
      targetInfos: { targetId: string; url: string }[];
    };
    const target = targetInfos.find((t) => t.url === page.url());
    if (!target) throw new Error(`no tab target for ${page.url()}`);
    await cdp.send('Extensions.triggerAction' as never, { id: extensionId, targetId: target.targetId } as never);
  } finally {
    // Closing a connectOverCDP browser only disconnects this client; the browser keeps running.
    await browser.close();
  }
}

/** The tab id the extension sees for a page (by URL). */
export async function tabIdOf(background: Worker, page: Page): Promise<number> {
  const url = page.url();
  return background.evaluate(async (u) => {
    const tabs = await chrome.tabs.query({});
    const tab = tabs.find((t) => t.url === u);
    if (!tab?.id) throw new Error(`no tab for ${u}`);
    return tab.id;
  }, url);
}

/** Does what clicking one of our context menu entries does (menus cannot be clicked headless). */
export async function clickMenu(background: Worker, page: Page, menuItemId: string, frameId = 0): Promise<void> {
  const tabId = await tabIdOf(background, page);
  await background.evaluate(
    async ([id, tab, frame]) => {
      const hooks = (globalThis as never as { voxlateTestHooks: { onReadingMenuClick: (i: unknown, t: unknown) => boolean } }).voxlateTestHooks;
      const t = await chrome.tabs.get(tab);
      if (!hooks.onReadingMenuClick({ menuItemId: id, frameId: frame, editable: false, pageUrl: t.url }, t)) throw new Error(`menu ${id} not handled`);
    },
    [menuItemId, tabId, frameId] as const,
  );
}

/** Does what pressing one of our keyboard shortcuts does. */
export async function pressShortcut(background: Worker, command: string, page?: Page): Promise<void> {
  const tabId = page ? await tabIdOf(background, page) : null;
  await background.evaluate(
    async ([name, tab]) => {
      const hooks = (globalThis as never as { voxlateTestHooks: { onReadingCommand: (c: string, t?: unknown) => boolean } }).voxlateTestHooks;
      hooks.onReadingCommand(name, tab === null ? undefined : await chrome.tabs.get(tab));
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

/** Text of the sentence currently highlighted on the page by the CSS Custom Highlight API. */
export async function highlightedText(page: Page, frame = page.mainFrame()): Promise<string | null> {
  void page;
  return frame.evaluate(() => {
    const highlight = CSS.highlights.get('voxlate-reading');
    if (!highlight || highlight.size === 0) return null;
    const [range] = [...highlight] as Range[];
    return range!.toString().replace(/\s+/g, ' ').trim();
  });
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
export async function accessibleNodes(context: BrowserContext, page: Page): Promise<AxNode[]> {
  const cdp = await context.newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: { role?: { value: string }; name?: { value: string }; backendDOMNodeId?: number; ignored?: boolean }[];
  };
  await cdp.detach();
  return nodes
    .filter((n) => !n.ignored)
    .map((n) => ({ role: n.role?.value ?? '', name: n.name?.value ?? '', backendDOMNodeId: n.backendDOMNodeId }));
}

/** Clicks an element found in the accessibility tree (works inside closed shadow roots). */
export async function clickAxNode(context: BrowserContext, page: Page, node: AxNode): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const { model } = (await cdp.send('DOM.getBoxModel', { backendNodeId: node.backendDOMNodeId })) as { model: { content: number[] } };
  await cdp.detach();
  const [x1, y1, , , x3, y3] = model.content as [number, number, number, number, number, number];
  await page.mouse.click((x1 + x3) / 2, (y1 + y3) / 2);
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
export async function emulatorLog(emulatorUrl: string): Promise<{ method: string; path: string; status: number; textLength: number | null }[]> {
  const response = await fetch(`${emulatorUrl}/__emulator/log`);
  return ((await response.json()) as { requests: never[] }).requests;
}
