import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useEmulator } from '../../test/contract/emulator-harness';
import type { GlossaryEntry } from '../glossary';
import { useEnglishMessages } from '../i18n.test-helpers';
import { accountItem } from '../settings/cache-items';
import { apiKeyItem, getSettings, updateSettings } from '../settings/items';
import { clearTranslationCache } from '../translate/cache';
import type { PageBlockInput } from '../translate/page-types';
import { cachedBlockTranslations, shapeBlocks } from './page-glossary';
import { estimatePageTranslation, translatePageBlocks } from './page-translation';
import { grantWithoutAsking } from './spend/gate';

// Page translation with the glossary, against the emulator's realistic translator (it changes
// every word it is sent, so a term left to it never comes back as written).
const emulator = useEmulator({ translator: 'realistic' });
const ledger = async () => ((await (await fetch(`${emulator.url()}/__emulator/ledger`)).json()) as { entries: { credits: number; textStart: string }[] }).entries;

const KEEP: GlossaryEntry = { term: 'Voxlate', translate: { mode: 'keep' }, say: null, language: null, site: null, case: 'auto' };
const BOARD: GlossaryEntry = { term: 'harbour board', translate: { mode: 'fixed', text: null, byTarget: { es: 'junta del puerto' } }, say: null, language: null, site: null, case: 'auto' };
const HERE: GlossaryEntry = { term: 'fishermen', translate: { mode: 'fixed', text: 'pescadores del muelle', byTarget: {} }, say: null, language: null, site: 'news.test', case: 'auto' };
const blocks = [
  { text: 'Voxlate reads the harbour board notices aloud every morning.', source: 'en' },
  { text: 'The fishermen listen while the boats go out.', source: 'en' },
  { text: 'Voxlate', source: 'en' },
];

let tab = 0;
beforeEach(async () => {
  useEnglishMessages();
  fakeBrowser.reset();
  await clearTranslationCache();
  await apiKeyItem.setValue('demo-pro');
  await updateSettings({ serviceUrl: emulator.url(), confirmAboveCredits: 1000, confirmPageTranslation: false, glossary: [KEEP, BOARD, HERE] });
  await accountItem.setValue({ email: 'pro@demo.test', plan: 'pro', credits: 100_000, fetchedAt: Date.now(), serviceUrl: emulator.url() });
  tab = (await fakeBrowser.tabs.create({ url: 'https://www.news.test/harbour' })).id!;
});

describe('page translation with the glossary', () => {
  it('shows each term as its entry says (one for this site too), sends only the text around them, and charges no more than the figure', async () => {
    const estimate = await estimatePageTranslation('es', blocks, [0, 1, 2], tab);
    const answer = await translatePageBlocks('es', blocks, tab);
    const [first, second, third] = answer.translations;
    expect(first).toMatch(/^Voxlate .*junta del puerto/u);
    expect(first).not.toContain('harbour');
    expect(second).toContain('pescadores del muelle');
    // All term, nothing to send.
    expect(third).toBe('Voxlate');
    const charged = (await ledger()).map((e) => e.credits);
    expect(charged.reduce((a, b) => a + b, 0)).toBe(answer.spent);
    expect(answer.spent).toBeGreaterThan(0);
    expect(answer.spent).toBeLessThanOrEqual(estimate.page);
    expect((await ledger()).map((e) => e.textStart).join(' ')).not.toMatch(/Voxlate|harbour board|fishermen/u);
  });

  it('a glossary change re-translates only the blocks whose terms it changes; an unrelated one costs nothing', async () => {
    await grantWithoutAsking(tab, 'page-translate', 1000);
    await translatePageBlocks('es', blocks, tab);
    const paid = (await ledger()).length;
    expect((await translatePageBlocks('es', blocks, tab)).spent).toBe(0);

    await updateSettings({ glossary: [KEEP, BOARD, HERE, { ...KEEP, term: 'Firefox' }] });
    const unrelated = await translatePageBlocks('es', blocks, tab);
    expect(unrelated.spent).toBe(0);
    expect(await ledger()).toHaveLength(paid);
    expect(unrelated.translations[0]).toContain('junta del puerto');

    await updateSettings({ glossary: [KEEP, { ...BOARD, translate: { mode: 'fixed', text: null, byTarget: { es: 'autoridad portuaria' } } }, HERE] });
    const changed = await translatePageBlocks('es', blocks, tab);
    expect(changed.translations[0]).toContain('autoridad portuaria');
    expect(changed.translations[1]).toContain('pescadores del muelle');
    // Only the first block's pieces were sent again.
    expect((await ledger()).slice(paid).map((e) => e.textStart)).toEqual([expect.stringMatching(/^reads the/u)]);
  });

  it('sent at once with the estimate (below the threshold), the first message is protected too, within the whole page\'s figure', async () => {
    const estimate = await estimatePageTranslation('es', blocks, [0, 1, 2], tab, [0, 1, 2]);
    expect(estimate.ask).toBe(false);
    const answer = await translatePageBlocks('es', blocks, tab);
    expect(answer.translations[0]).toMatch(/^Voxlate .*junta del puerto/u);
    expect(answer.translations[1]).toContain('pescadores del muelle');
    const charged = (await ledger()).reduce((sum, e) => sum + e.credits, 0);
    expect(charged).toBe(answer.spent);
    expect(charged).toBeLessThanOrEqual(estimate.page);
  });

  it('a site-only entry is not applied on another site', async () => {
    const elsewhere = (await fakeBrowser.tabs.create({ url: 'https://other.test/' })).id!;
    await grantWithoutAsking(elsewhere, 'page-translate', 1000);
    const answer = await translatePageBlocks('es', [blocks[1]!], elsewhere);
    expect(answer.translations[0]).not.toContain('pescadores del muelle');
  });
});

describe('what is already bought for a block (cachedBlockTranslations)', () => {
  const undeclared = { text: 'The fishermen listen while the boats go out.', source: null };
  const english = { ...undeclared, source: 'en' };
  const shapesOf = async (block: PageBlockInput) => shapeBlocks(await getSettings(), [block], 'es', tab);

  it('a block of a declared language finds what was bought under none with the same terms, at no cost', async () => {
    await grantWithoutAsking(tab, 'page-translate', 1000);
    const [bought] = (await translatePageBlocks('es', [undeclared], tab)).translations;
    expect(bought).toContain('pescadores del muelle');
    expect(await cachedBlockTranslations(emulator.url(), 'es', [english], await shapesOf(english))).toEqual([bought]);
    expect((await translatePageBlocks('es', [english], tab)).spent).toBe(0);
  });

  it('what was bought under none without an entry for the block\'s language is not its translation: the term is kept, paid for once', async () => {
    // The entry is for English text: a page that declares no language (or the bubble) translated the block without it.
    await updateSettings({ glossary: [{ ...HERE, language: 'en' }] });
    await grantWithoutAsking(tab, 'page-translate', 1000);
    const [plain] = (await translatePageBlocks('es', [undeclared], tab)).translations;
    expect(plain).not.toContain('pescadores del muelle');
    expect(await cachedBlockTranslations(emulator.url(), 'es', [english], await shapesOf(english))).toEqual([null]);
    const declared = await translatePageBlocks('es', [english], tab);
    expect(declared.translations[0]).toContain('pescadores del muelle');
    expect(declared.spent).toBeGreaterThan(0);
  });
});
