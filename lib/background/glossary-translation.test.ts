import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { GlossaryEntry } from '../glossary';
import { useEnglishMessages } from '../i18n.test-helpers';

/** Every /translate the service was sent. */
let translated: string[] = [];
/** The account's balance, as the service's /user says it. */
let balance = 10_000;
/** Answers to come that lose the paragraph breaks between pieces (a translator merging them). */
let merging = 0;
const credits = (text: string) => Math.ceil([...text].length / 10);

const KEEP: GlossaryEntry = { term: 'Voxlate', translate: { mode: 'keep' }, say: null, language: null, site: null, case: 'auto' };
const BOARD: GlossaryEntry = { term: 'harbour board', translate: { mode: 'fixed', text: null, byTarget: { es: 'junta del puerto' } }, say: null, language: null, site: null, case: 'auto' };
const SAY: GlossaryEntry = { term: 'nginx', translate: { mode: 'free' }, say: 'engine x', language: null, site: null, case: 'auto' };

const setUp = (glossary: GlossaryEntry[], confirmAboveCredits = 0) =>
  fakeBrowser.storage.local.set({ apiKey: 'k', settings: { serviceUrl: 'https://tts.test', confirmAboveCredits, glossary }, settings$: { v: 3 } });

beforeEach(async () => {
  fakeBrowser.reset();
  useEnglishMessages();
  translated = [];
  balance = 10_000;
  merging = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (new URL(url).pathname.endsWith('/user')) return Response.json({ user: { id: 'usr_1', email: 'a@b.c', credits: balance, plan: 'pro' } });
    const { text } = JSON.parse(String(init!.body)) as { text: string };
    translated.push(text);
    balance -= credits(text);
    if (merging > 0 && text.includes('\n\n')) {
      merging -= 1;
      return Response.json({ success: true, translation: `~${text.replace(/\n\n/gu, ' ').toUpperCase()}`, source_language: 'en', target_language: 'es' });
    }
    // Every word changed, paragraph breaks kept (as a translator does): a kept term sent would show changed.
    return Response.json({ success: true, translation: text.split('\n\n').map((p) => `~${p.toUpperCase()}`).join('\n\n'), source_language: 'en', target_language: 'es' });
  });
});
afterEach(() => vi.unstubAllGlobals());

const load = async () => {
  vi.resetModules();
  return (await import('./translation')).translate;
};

/** Asks, agrees to the figure asked about, and gives the answer with that figure. */
async function agreeAndTranslate(translate: Awaited<ReturnType<typeof load>>, text: string) {
  const asked = await translate({ text, target: 'es' }, 7);
  if (asked.status !== 'confirm') return { figure: 0, answer: asked };
  return { figure: asked.cost, answer: await translate({ text, target: 'es', agreed: asked.token }, 7) };
}

describe('translate with the glossary: terms exact, the figure what is sent, nothing paid twice', () => {
  let n = 0;
  let TEXT = '';
  beforeEach(() => {
    n += 1;
    TEXT = `Voxlate reads the harbour board notices aloud, morning ${n}.`;
  });

  it('sends only the text around the terms, in one request; the translation shows them exactly; the figure is that request\'s charge', async () => {
    await setUp([KEEP, BOARD]);
    const translate = await load();
    const { figure, answer } = await agreeAndTranslate(translate, TEXT);
    expect(translated).toEqual([`reads the\n\nnotices aloud, morning ${n}.`]);
    expect(figure).toBe(credits(translated[0]!));
    expect(answer).toMatchObject({ status: 'translated', translation: `Voxlate ~READS THE junta del puerto ~NOTICES ALOUD, MORNING ${n}.`, cost: figure, cached: false });
  });

  it('the same text with the same entries again costs nothing; an unrelated entry changed costs nothing either', async () => {
    await setUp([KEEP, BOARD]);
    const translate = await load();
    await agreeAndTranslate(translate, TEXT);
    expect(await translate({ text: TEXT, target: 'es' }, 7)).toMatchObject({ status: 'translated', cost: 0, cached: true });
    await setUp([KEEP, BOARD, { ...KEEP, term: 'Firefox' }, { ...SAY, say: 'engine ex' }]);
    expect(await translate({ text: TEXT, target: 'es' }, 7)).toMatchObject({ status: 'translated', cost: 0, cached: true, translation: expect.stringContaining('junta del puerto') });
    expect(translated).toHaveLength(1);
  });

  it('a matched entry changed re-translates: its new rendering shown (the text around it cached, free); no longer matching, the text is sent again', async () => {
    await setUp([KEEP, BOARD]);
    const translate = await load();
    await agreeAndTranslate(translate, TEXT);
    await setUp([KEEP, { ...BOARD, translate: { mode: 'fixed', text: null, byTarget: { es: 'autoridad portuaria' } } }]);
    expect(await translate({ text: TEXT, target: 'es' }, 7)).toMatchObject({ status: 'translated', cost: 0, translation: `Voxlate ~READS THE autoridad portuaria ~NOTICES ALOUD, MORNING ${n}.` });
    expect(translated).toHaveLength(1);
    await setUp([KEEP, { ...BOARD, translate: { mode: 'fixed', text: null, byTarget: { de: 'Hafenbehörde' } } }]);
    const { figure, answer } = await agreeAndTranslate(translate, TEXT);
    expect(translated.slice(1)).toEqual([`reads the harbour board notices aloud, morning ${n}.`]);
    expect(answer).toMatchObject({ status: 'translated', cost: figure, translation: `Voxlate ~READS THE HARBOUR BOARD NOTICES ALOUD, MORNING ${n}.` });
    expect(figure).toBe(credits(translated[1]!));
  });

  it('no entry matching (or only "say as" entries): the text is sent as it is, at its own figure, as without a glossary', async () => {
    await setUp([SAY, { ...KEEP, term: 'Firefox' }]);
    const translate = await load();
    const { figure, answer } = await agreeAndTranslate(translate, TEXT);
    expect(translated).toEqual([TEXT]);
    expect(figure).toBe(credits(TEXT));
    expect(answer).toMatchObject({ status: 'translated', translation: `~${TEXT.toUpperCase()}`, cost: figure });
  });

  it('an entry for one site applies only on that site\'s pages', async () => {
    await setUp([{ ...BOARD, site: 'port.example' }]);
    const tab = await fakeBrowser.tabs.create({ url: 'https://news.port.example/today' });
    const translate = await load();
    const on = await translate({ text: TEXT, target: 'es' }, tab.id);
    if (on.status !== 'confirm') throw new Error('asked');
    expect((await translate({ text: TEXT, target: 'es', agreed: on.token }, tab.id))).toMatchObject({ translation: expect.stringContaining('junta del puerto') });
    const elsewhere = await translate({ text: `${TEXT} Elsewhere.`, target: 'es' }, 7);
    if (elsewhere.status !== 'confirm') throw new Error('asked');
    expect(await translate({ text: `${TEXT} Elsewhere.`, target: 'es', agreed: elsewhere.token }, 7)).toMatchObject({ translation: `~${TEXT.toUpperCase()} ELSEWHERE.` });
  });

  it('an answer that does not split into its pieces fails and is not cached: the retry is sent again and shows the terms; then it is free', async () => {
    await setUp([KEEP, BOARD]);
    merging = 1;
    const translate = await load();
    await expect(agreeAndTranslate(translate, TEXT)).rejects.toMatchObject({ kind: 'badResponse', mayBeCharged: true });
    const { figure, answer } = await agreeAndTranslate(translate, TEXT);
    expect(translated).toEqual([`reads the\n\nnotices aloud, morning ${n}.`, `reads the\n\nnotices aloud, morning ${n}.`]);
    expect(answer).toMatchObject({ status: 'translated', cost: figure, translation: `Voxlate ~READS THE junta del puerto ~NOTICES ALOUD, MORNING ${n}.` });
    expect(await translate({ text: TEXT, target: 'es' }, 7)).toMatchObject({ status: 'translated', cost: 0, cached: true });
    expect(translated).toHaveLength(2);
  });

  it('a long text whose batches together cost more than the balance is refused before the first batch is sent', async () => {
    const part = (word: string) => `${word} `.repeat(Math.ceil(4_000 / (word.length + 1))).trim();
    const long = `${part('alpha')} harbour board ${part('bravo')}`;
    await setUp([BOARD], 1_000_000);
    const translate = await load();
    // Two batches of about 400 credits each: the balance pays for one, not both.
    balance = 500;
    await expect(translate({ text: long, target: 'es' }, 7)).rejects.toMatchObject({ kind: 'insufficientCredits', message: expect.stringMatching(/credits/u) });
    expect(translated).toEqual([]);
  });
});
