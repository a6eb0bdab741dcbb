import { browser } from 'wxt/browser';
import { serializeError, ServiceError } from '../api/errors';
import { glossaryEntrySchema, type GlossaryEntry } from '../glossary';
import { MAX_TERM } from '../glossary/entry';
import { formatNumber, t } from '../i18n';
import { baseCode } from '../language';
import type { GlossaryEntryAsk } from '../messaging/protocol';
import { sendMessage } from '../messaging/send';
import { getSettings, updateSettings } from '../settings/items';
import { MAX_GLOSSARY } from '../settings/schema';
import { injectPageScript, reportingFrame } from './page-link';
import { reportProblem } from './reading/problems';
import { siteOfTab } from './tab-site';
import type { TabRef } from './tab-actions';
import { currentTargetLanguage } from './translation';

/**
 * Adding a glossary term where the user meets it (issue 40): the selection's menu entry opens a
 * small form on the page (lib/page/glossary-form.ts), and the form, like the translation bubble's
 * "Add to glossary", sends `addGlossaryEntry` here. Nothing is paid: a later translation of a text
 * with the term uses it (its cache key holds the terms that matched, so it is sent again once).
 */

/** The selected text as a term: one line, spaces collapsed, within a term's length. */
export function termOf(selectionText: string): string {
  return [...selectionText.replace(/\s+/gu, ' ').trim()].slice(0, MAX_TERM).join('').trim();
}

/** "Add “…” to the glossary" on a selection: the form opens beside it, in the clicked frame. */
export async function glossaryFormFromTab(tab: TabRef, frameId?: number, selectionText?: string): Promise<void> {
  let injected = false;
  try {
    const term = termOf(selectionText ?? '');
    if (!term) throw new ServiceError('invalidRequest', t('glossaryAddNothing'));
    const [frames, target] = await Promise.all([injectPageScript(tab.id, frameId), currentTargetLanguage()]);
    injected = true;
    const shown = await sendMessage('pageGlossaryForm', { term, target }, { tabId: tab.id, frameId: reportingFrame(frames, frameId) });
    if (!shown.ok) throw new ServiceError('invalidRequest', t('glossaryAddNothing'));
  } catch (error) {
    await reportProblem(injected ? tab.id : null, serializeError(error));
  }
}

/** The entry a page's form asks for, checked as every stored entry is; `site`: the sender's tab's host. */
export function entryOfAsk(ask: GlossaryEntryAsk, site: string | null): GlossaryEntry {
  const translate: GlossaryEntry['translate'] =
    ask.translate === 'keep' ? { mode: 'keep' }
    : ask.translate === 'free' ? { mode: 'free' }
    : { mode: 'fixed', text: null, byTarget: ask.translation ? { [baseCode(ask.target)]: ask.translation.trim() } : {} };
  const entry = { term: ask.term.trim(), translate, say: ask.say?.trim() || null, language: null, site: ask.thisSite ? site : null, case: 'auto' };
  const parsed = glossaryEntrySchema.safeParse(entry);
  if (!parsed.success) throw new ServiceError('invalidRequest', t('glossaryAddIncomplete'));
  return parsed.data;
}

/**
 * Adds the entry to the glossary, in place of one for the same term and site (a fixed translation
 * into other languages is kept beside the new one). A full glossary is said, nothing dropped.
 */
export async function addGlossaryEntry(ask: GlossaryEntryAsk, tabId: number): Promise<void> {
  // A private window's sites are never kept (nor copied to the browser's account with the glossary).
  if (ask.thisSite && (await browser.tabs.get(tabId).catch(() => null))?.incognito) throw new ServiceError('invalidRequest', t('glossaryAddPrivateSite'));
  const site = ask.thisSite ? await siteOfTab(tabId) : null;
  if (ask.thisSite && !site) throw new ServiceError('invalidRequest', t('glossaryAddNoSite'));
  const entry = entryOfAsk(ask, site);
  const { glossary } = await getSettings();
  const same = (e: GlossaryEntry) => e.term === entry.term && e.site === entry.site && e.language === entry.language;
  const before = glossary.find(same);
  if (!before && glossary.length >= MAX_GLOSSARY) throw new ServiceError('invalidRequest', t('glossaryFull', formatNumber(MAX_GLOSSARY)));
  const merged: GlossaryEntry =
    before?.translate.mode === 'fixed' && entry.translate.mode === 'fixed'
      ? { ...entry, translate: { ...entry.translate, text: before.translate.text, byTarget: { ...before.translate.byTarget, ...entry.translate.byTarget } } }
      : entry;
  await updateSettings({ glossary: before ? glossary.map((e) => (e === before ? merged : e)) : [...glossary, merged] });
}
