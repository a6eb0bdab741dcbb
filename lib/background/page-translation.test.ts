import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useEmulator } from '../../test/contract/emulator-harness';
import { useEnglishMessages } from '../i18n.test-helpers';
import { accountItem } from '../settings/cache-items';
import { apiKeyItem, updateSettings } from '../settings/items';
import { clearTranslationCache } from '../translate/cache';
import { estimatePageTranslation, stopPageTranslation, translatePageBlocks as translateBlocks } from './page-translation';
import { acceptOffer, grantLeft, grantWithoutAsking } from './spend/gate';
import { scheduler } from './service';
import type { PageBlockInput } from '../translate/page-types';

/** The page's tab: what it may spend is the spend gate's grant for it. */
const TAB = 7;
const translatePageBlocks = (target: string, blocks: PageBlockInput[]) => translateBlocks(target, blocks, TAB);

// The real emulator behind the real client and scheduler: what is sent and charged is the service's word.
const emulator = useEmulator();
const translateLog = async () => (await emulator.log()).filter((entry) => entry.path === '/api/v1/translate');
const ledger = async () => ((await (await fetch(`${emulator.url()}/__emulator/ledger`)).json()) as { entries: { credits: number }[] }).entries;

const paragraphs = [
  { text: 'Hello, my friend.', source: 'en' },
  { text: 'The cat sleeps on the book.', source: 'en' },
  { text: 'Good morning and thank you.', source: 'en' },
];

beforeEach(async () => {
  useEnglishMessages();
  fakeBrowser.reset();
  await clearTranslationCache();
  await apiKeyItem.setValue('demo-pro');
  await updateSettings({ serviceUrl: emulator.url() });
  await accountItem.setValue({ email: 'pro@demo.test', plan: 'pro', credits: 100_000, fetchedAt: Date.now(), serviceUrl: emulator.url() });
  await grantWithoutAsking(TAB, 'page-translate', 1000);
});

describe('translatePageBlocks', () => {
  it('sends the blocks as one request, gives each its translation, and the second time sends nothing', async () => {
    const answer = await translatePageBlocks('es', paragraphs);
    expect(answer.translations).toEqual(['[ES] Hola, my amigo.', '[ES] El gato sleeps on el libro.', '[ES] Buenos días and gracias.']);
    const [request] = await translateLog();
    expect(await translateLog()).toHaveLength(1);
    const joined = paragraphs.map((p) => p.text).join('\n\n').length;
    expect(answer.spent).toBe(Math.ceil(joined / 10));
    expect((await ledger()).map((e) => e.credits)).toEqual([answer.spent]);
    expect(request!.status).toBe(200);

    // A page sharing a paragraph: only the new one is sent.
    const again = await translatePageBlocks('es', [paragraphs[1]!, { text: 'Water, please.', source: 'en' }]);
    expect(again.translations).toEqual(['[ES] El gato sleeps on el libro.', '[ES] Agua, por favor.']);
    expect(again.spent).toBe(Math.ceil('Water, please.'.length / 10));
    expect(await translateLog()).toHaveLength(2);
  });

  it('sends nothing beyond what the user agreed to, and asks with the figure; accepting it sends exactly that', async () => {
    await grantWithoutAsking(TAB, 'page-translate', 3);
    const answer = await translatePageBlocks('es', paragraphs);
    expect(answer).toMatchObject({ spent: 0, confirm: { credits: 8 }, error: null, translations: [null, null, null] });
    expect(await translateLog()).toEqual([]);
    // Another tab cannot accept it; this tab can, once.
    expect(await acceptOffer(answer.confirm!.offer, TAB + 1)).toBe(false);
    expect(await acceptOffer(answer.confirm!.offer, TAB)).toBe(true);
    expect(await acceptOffer(answer.confirm!.offer, TAB)).toBe(false);
    expect(await grantLeft(TAB, 'page-translate')).toBe(8);
    const sent = await translatePageBlocks('es', paragraphs);
    expect(sent.spent).toBe(8);
    expect((await ledger()).map((e) => e.credits)).toEqual([8]);
    expect(await grantLeft(TAB, 'page-translate')).toBe(0);
  });

  // A limit only for a hang (npm test runs the unit tests beside Firefox's at a lower priority).
  it.each([['Pause', false], ['Show original', true]] as const)('after %s, nothing queued is sent: only what was already with the service', { timeout: 240_000 }, async (_name, end) => {
    // The free plan: two at a time. Three requests' worth, the service slow: the third waits its turn.
    await apiKeyItem.setValue('demo-free');
    await accountItem.setValue({ email: 'free@demo.test', plan: 'free', credits: 2000, fetchedAt: Date.now(), serviceUrl: emulator.url() });
    scheduler.setPlan('free');
    onTestFinished(() => scheduler.setPlan('pro'));
    // Held by the service until the stop is in place (released then): on a busy machine a short delay
    // could end before the three are seen under way.
    await emulator.fault('slow', { path: '/api/v1/translate', times: 3, delayMs: 120_000 });
    onTestFinished(async () => void (await fetch(`${emulator.url()}/__emulator/release`, { method: 'POST' })));
    const long = (n: number) => ({ text: `${'The harbour lamps were lit one by one as the fog came in. '.repeat(80)}${n}`, source: 'en' });
    await grantWithoutAsking(TAB, 'page-translate', 10_000);
    const answer = translatePageBlocks('es', [long(1), long(2), long(3)]);
    await vi.waitFor(() => expect([scheduler.active, scheduler.pending]).toEqual([2, 1]), { timeout: 180_000 });
    await stopPageTranslation(TAB, end);
    await fetch(`${emulator.url()}/__emulator/release`, { method: 'POST' });
    const result = await answer;
    // The two sent before are answered (paid) and kept; the queued one was never sent.
    expect(await translateLog()).toHaveLength(2);
    expect(result.translations.filter((t) => t !== null)).toHaveLength(2);
    expect(result.error).toBeNull();
    expect(await ledger()).toHaveLength(2);
  });

  it('started again right after Show original, it waits for what is still with the service instead of paying for it twice', { timeout: 240_000 }, async () => {
    // Held by the service until the page has asked again (released then).
    await emulator.fault('slow', { path: '/api/v1/translate', times: 1, delayMs: 120_000 });
    onTestFinished(async () => void (await fetch(`${emulator.url()}/__emulator/release`, { method: 'POST' })));
    const before = translatePageBlocks('es', paragraphs);
    await vi.waitFor(() => expect(scheduler.active).toBe(1), { timeout: 180_000 });
    await stopPageTranslation(TAB, true);
    // Translate this page again, at once: below the threshold the whole page (more than the screen
    // under way) is agreed to, and its first message (the same paragraphs) leaves with the estimate.
    await updateSettings({ confirmPageTranslation: false });
    const below = { text: 'Further down the page, a longer paragraph that nobody has scrolled to yet, about the harbour.', source: 'en' };
    await estimatePageTranslation('es', [...paragraphs, below], [0, 1, 2], TAB, [0, 1, 2]);
    const asked = translatePageBlocks('es', paragraphs);
    await fetch(`${emulator.url()}/__emulator/release`, { method: 'POST' });
    const again = await asked;
    expect(again).toMatchObject({ translations: (await before).translations, spent: 0, confirm: null, error: null });
    expect(again.translations.every((text) => text?.startsWith('[ES]'))).toBe(true);
    expect(await translateLog()).toHaveLength(1);
    expect((await ledger()).map((e) => e.credits)).toEqual([(await before).spent]);
  });

  it('keeps what was translated when a request fails, and says why', async () => {
    await translatePageBlocks('fr', [paragraphs[0]!]);
    await emulator.fault('server-error', { path: '/api/v1/translate', times: 5 });
    const answer = await translatePageBlocks('fr', paragraphs);
    expect(answer.translations[0]).toBe('[FR] Bonjour, my ami.');
    expect(answer.translations.slice(1)).toEqual([null, null]);
    expect(answer.error?.kind).toBe('server');
    expect(answer.spent).toBe(0);
    expect(await ledger()).toHaveLength(1);
  });
});

describe('estimatePageTranslation', () => {
  it('bounds the cost of the screen and of the page, counting cached blocks as free, with the balance', async () => {
    const first = await estimatePageTranslation('de', paragraphs, [0], TAB);
    expect(first).toMatchObject({ screen: 2, page: 2 + 3 + 3, balance: 100_000, threshold: 200, ask: true });
    await grantWithoutAsking(TAB, 'page-translate', 1000);
    await translatePageBlocks('de', [paragraphs[0]!]);
    expect(await estimatePageTranslation('de', paragraphs, [0], TAB)).toMatchObject({ screen: 0, page: 6 });
    // Nothing is sent by an estimate.
    expect(await translateLog()).toHaveLength(1);
  });

  it('asks above the threshold even when the user turned the question off below it', async () => {
    await updateSettings({ confirmPageTranslation: false, confirmAboveCredits: 7 });
    expect((await estimatePageTranslation('de', paragraphs, [], TAB)).ask).toBe(true);
    await updateSettings({ confirmAboveCredits: 8 });
    expect((await estimatePageTranslation('de', paragraphs, [], TAB)).ask).toBe(false);
  });

  it('asking, it grants nothing until an offer is accepted: each button agrees to its own figure', async () => {
    const estimate = await estimatePageTranslation('de', paragraphs, [0], TAB);
    expect(await grantLeft(TAB, 'page-translate')).toBeNull();
    expect((await translatePageBlocks('de', paragraphs)).confirm).not.toBeNull();
    expect(await translateLog()).toEqual([]);
    expect(await acceptOffer(estimate.offers!.screen, TAB)).toBe(true);
    expect(await grantLeft(TAB, 'page-translate')).toBe(estimate.screen);
    // The panel's other button is void once one was pressed.
    expect(await acceptOffer(estimate.offers!.page, TAB)).toBe(false);
  });

  it('not asking (below the threshold, question off), it agrees to the whole page at once; a new estimate starts afresh', async () => {
    await updateSettings({ confirmPageTranslation: false });
    const estimate = await estimatePageTranslation('de', paragraphs, [0], TAB);
    expect(estimate.offers).toBeNull();
    expect(await grantLeft(TAB, 'page-translate')).toBe(8);
    await stopPageTranslation(TAB, true);
    expect(await grantLeft(TAB, 'page-translate')).toBeNull();
  });

  it('not asking, it sends the first message (the blocks on screen) at once, and the page asking for them gets that answer, paid once', async () => {
    await updateSettings({ confirmPageTranslation: false });
    await estimatePageTranslation('de', paragraphs, [0, 1], TAB, [0, 1]);
    // With the service before the page asks: no round trip to the page in between.
    await vi.waitFor(async () => expect(await translateLog()).toHaveLength(1), { timeout: 10_000 });
    expect((await translateLog())[0]).toMatchObject({ textLength: `${paragraphs[0]!.text}\n\n${paragraphs[1]!.text}`.length });
    const answer = await translatePageBlocks('de', [paragraphs[0]!, paragraphs[1]!]);
    expect(answer.translations.every((text) => typeof text === 'string' && text.length > 0)).toBe(true);
    expect(answer.spent).toBe(5);
    // The rest of the page is sent as the page asks; the first blocks are not paid for twice.
    await translatePageBlocks('de', paragraphs);
    expect((await ledger()).map((entry) => entry.credits)).toEqual([5, 3]);
    expect(await translateLog()).toHaveLength(2);
  });

  it('a message that waits for the first one (the page scrolled meanwhile) is withdrawn by a pause that comes while it waits', { timeout: 240_000 }, async () => {
    await updateSettings({ confirmPageTranslation: false });
    // The first message is held by the service until the pause is in place (released then).
    await emulator.fault('slow', { path: '/api/v1/translate', times: 1, delayMs: 120_000 });
    onTestFinished(async () => void (await fetch(`${emulator.url()}/__emulator/release`, { method: 'POST' })));
    await estimatePageTranslation('de', paragraphs, [0], TAB, [0]);
    await vi.waitFor(() => expect(scheduler.active).toBe(1), { timeout: 180_000 });
    // The page asks for what is near the screen now: more than the first message.
    const later = translatePageBlocks('de', [paragraphs[0]!, paragraphs[1]!]);
    await stopPageTranslation(TAB, false);
    await fetch(`${emulator.url()}/__emulator/release`, { method: 'POST' });
    expect(await later).toMatchObject({ spent: 0, error: null });
    // Only the first message was sent (and paid): nothing after the pause.
    expect(await translateLog()).toHaveLength(1);
    expect(await ledger()).toHaveLength(1);
  });

  it('asking, the first message waits for the user: the estimate sends nothing', async () => {
    const estimate = await estimatePageTranslation('de', paragraphs, [0, 1], TAB, [0, 1]);
    expect(estimate.ask).toBe(true);
    expect((await translatePageBlocks('de', [paragraphs[0]!, paragraphs[1]!])).confirm).not.toBeNull();
    expect(await translateLog()).toEqual([]);
    expect(await ledger()).toEqual([]);
  });
});

describe('the tab’s control is told why it waits', () => {
  /** What the worker told the tab's page translation, in order (no page answers). */
  function notesToTheTab() {
    const notes: (string | null)[] = [];
    vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockImplementation(((tab: number, message: { type: string; data: { note: string | null } }, _options: unknown, reply: (r: unknown) => void) => {
      if (tab === TAB && message.type === 'pageTranslationNote') notes.push(message.data.note);
      reply(undefined);
    }) as never);
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    return notes;
  }

  it('a 429: the retry and when it comes, taken back once the translation lands', async () => {
    const notes = notesToTheTab();
    await emulator.fault('rate-limit', { path: '/api/v1/translate', times: 1 });
    const answer = await translatePageBlocks('es', [paragraphs[0]!]);
    expect(answer.translations[0]).toBe('[ES] Hola, my amigo.');
    expect(notes).toEqual(['The service is busy (rate limit); trying again by itself in 2 s.', null]);
    expect((await ledger()).map((e) => e.credits)).toEqual([answer.spent]);
  });

  // Last in the file: the plan's minute it uses up stays used up for the tests after it.
  it('the plan’s pace: its requests a minute and when the next paragraphs follow; Pause withdraws the request and the note, nothing sent', { timeout: 60_000 }, async () => {
    const notes = notesToTheTab();
    scheduler.setPlan('free');
    onTestFinished(() => scheduler.setPlan('pro'));
    // The free plan's ten requests of the last minute, used by another page a moment ago.
    scheduler.seedHistory(Array.from({ length: 10 }, () => Date.now()));
    const answer = translatePageBlocks('es', paragraphs);
    await vi.waitFor(() => expect(notes[0]).toMatch(/^Your plan allows 10 requests a minute: the next paragraphs follow by themselves in about (6[01]|59) s\.$/), { timeout: 30_000 });
    await stopPageTranslation(TAB, false);
    expect(await answer).toMatchObject({ spent: 0, error: null, translations: [null, null, null] });
    expect(notes.at(-1)).toBeNull();
    expect(await translateLog()).toEqual([]);
    expect(await ledger()).toEqual([]);
  });
});
