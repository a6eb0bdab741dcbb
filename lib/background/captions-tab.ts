import { browser } from 'wxt/browser';
import { translateCaptionsInTab } from './captions';
import { activeTabRef } from './tab-actions';

/*
 * The popup's "Translate captions": the tab it was opened over (opening the popup granted
 * activeTab), its top page only (a video in a frame of another site is the right-click's).
 */

/**
 * Whether the active tab's page has a video, asked only once the user opened the popup over it: a
 * one-line look, nothing left running. A page we may not script (the browser's own, a PDF) has none.
 * Injected at once, not when the page is idle: the popup waits on it.
 */
export async function activeTabHasVideo(): Promise<boolean> {
  const tab = await activeTabRef();
  if (!tab) return false;
  try {
    const [found] = await browser.scripting.executeScript({
      target: { tabId: tab.id, frameIds: [0] },
      injectImmediately: true,
      func: () => document.querySelector('video') !== null,
    });
    return found?.result === true;
  } catch {
    return false;
  }
}

/**
 * Starts captions on the active tab's largest captioned video: what the menu does when it names no
 * video (the figure first, on the page, as always).
 */
export async function translateActiveTabCaptions(): Promise<void> {
  const tab = await activeTabRef();
  if (tab) await translateCaptionsInTab(tab, 0, {});
}
