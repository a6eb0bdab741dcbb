import { browser } from 'wxt/browser';
import { askPronunciation, PRONUNCIATION_ANCHOR } from '../settings/pronunciation-asked';
import { siteOfTab } from './tab-site';
import type { TabRef } from './tab-actions';

/**
 * "Fix pronunciation of “…”" on a selection: the options page opens at its Pronunciation section
 * with the word and the page's site filled in, for the user to say how it is said. Nothing is read
 * from or added to the page. The word and the site go through session storage, not the address
 * (a private window's would be written in the normal window's history).
 */
export async function fixPronunciationFromTab(tab: TabRef, selectionText?: string): Promise<void> {
  const write = (selectionText ?? '').replace(/\s+/gu, ' ').trim().slice(0, 100);
  await askPronunciation({ write, site: (await siteOfTab(tab.id)) ?? '' });
  await browser.tabs.create({ url: browser.runtime.getURL(`/options.html#${PRONUNCIATION_ANCHOR}`) });
}
