import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useEmulator } from '../../test/contract/emulator-harness';
import { useEnglishMessages } from '../i18n.test-helpers';
import { updateSettings } from '../settings/items';
import { clearTranslationCache } from '../translate/cache';
import type { Cue } from '../captions/cue';
import type { GlossaryEntry } from '../glossary';
import { estimateCaptions, stopCaptions, translateCaptions } from './captions';
import { acceptOffer, grantLeft, pauseAction } from './spend/gate';

const TAB = 9;
// The real emulator behind the real client, scheduler and gateway: what is charged is the service's word.
const emulator = useEmulator();
const translateLog = async () => (await emulator.log()).filter((entry) => entry.path === '/api/v1/translate');

const cues: Cue[] = [
  { id: '0', start: 0.2, end: 1.8, text: 'Hello, my friend.' },
  { id: '1', start: 2, end: 3.8, text: 'The cat sleeps on the book.' },
];

beforeEach(async () => {
  useEnglishMessages();
  fakeBrowser.reset();
  await clearTranslationCache();
  await emulator.signIn();
});

describe('captions in the worker', () => {
  it('sends nothing before the figure is agreed to; then one request of whole cues, and the cache answers a seek back', async () => {
    const estimate = await estimateCaptions(cues, 8, TAB);
    expect(estimate).toMatchObject({ target: 'es', whole: Math.ceil('Hello, my friend.\n\n'.length / 10) + Math.ceil('The cat sleeps on the book.\n\n'.length / 10) });
    // Not agreed to yet: the gate lets nothing through.
    expect((await translateCaptions('es', ['Hello, my friend.'], TAB)).error).not.toBeNull();
    expect(await translateLog()).toEqual([]);

    expect(await acceptOffer(estimate.offer, TAB)).toBe(true);
    const answer = await translateCaptions('es', cues.map((cue) => cue.text), TAB);
    expect(answer).toEqual({ translations: ['[ES] Hola, my amigo.', '[ES] El gato sleeps on el libro.'], unmatched: [], error: null });
    expect(await translateLog()).toHaveLength(1);

    const again = await translateCaptions('es', [cues[1]!.text], TAB);
    expect(again.translations).toEqual(['[ES] El gato sleeps on el libro.']);
    expect(await translateLog()).toHaveLength(1);
  });

  it('a pause withdraws what is not sent; Stop forgets what was agreed to', async () => {
    const estimate = await estimateCaptions(cues, 8, TAB);
    await acceptOffer(estimate.offer, TAB);
    const asked = translateCaptions('es', [cues[0]!.text], TAB);
    pauseAction(TAB, 'captions');
    expect(await asked).toEqual({ translations: [null], unmatched: [], error: null });
    expect(await translateLog()).toEqual([]);
    await stopCaptions(TAB, true);
    expect(await grantLeft(TAB, 'captions')).toBeNull();
  });

  it('an answer that cannot be split is paid once: its texts are unmatched, not sent again one by one; the next go one a request', async () => {
    const three: Cue[] = [...cues, { id: '2', start: 4, end: 5.8, text: 'Thank you for the book.' }, { id: '3', start: 6, end: 7.8, text: 'Good morning.' }];
    const estimate = await estimateCaptions(three, 8, TAB);
    await acceptOffer(estimate.offer, TAB);
    await emulator.fault('merged-paragraphs', { path: '/api/v1/translate', times: 1 });
    const answer = await translateCaptions('es', cues.map((cue) => cue.text), TAB);
    expect(answer).toEqual({ translations: [null, null], unmatched: [0, 1], error: null });
    expect(await translateLog()).toHaveLength(1);
    const next = await translateCaptions('es', [three[2]!.text, three[3]!.text], TAB);
    expect(next.translations.every((text) => text?.startsWith('[ES]'))).toBe(true);
    // One a request now: two more, each of its own text.
    expect((await translateLog()).map((entry) => entry.textStart)).toEqual(['Hello, my friend.\n\nThe cat sleeps on the book.', 'Thank you for the book.', 'Good morning.']);
  });
});

// The glossary (issue 40): terms kept exact against a translator that changes every word it is sent.
const KEEP: GlossaryEntry = { term: 'Voxlate', translate: { mode: 'keep' }, say: null, language: null, site: null, case: 'auto' };
const BOARD: GlossaryEntry = { ...KEEP, term: 'harbour board', translate: { mode: 'fixed', text: null, byTarget: { es: 'junta del puerto' } } };
const HERE: GlossaryEntry = { ...KEEP, term: 'fishermen', translate: { mode: 'fixed', text: 'pescadores del muelle', byTarget: {} }, site: 'news.test' };
const THERE: GlossaryEntry = { ...KEEP, term: 'boats', translate: { mode: 'fixed', text: 'barcas del muelle', byTarget: {} }, site: 'other.test' };
const MARKER = /[⟦⟧§]|__|<\/?x|\{\d|\[\d/u;
const termCues: Cue[] = [
  { id: '0', start: 0.2, end: 1.8, text: 'Voxlate reads the harbour board notices.' },
  { id: '1', start: 2, end: 3.8, text: 'The fishermen and their boats listen.' },
  { id: '2', start: 4, end: 5.8, text: 'Voxlate!' },
];
const charged = async () => (await emulator.ledger()).filter((e) => e.path === '/api/v1/translate').map((e) => e.credits);

describe('the glossary in captions', () => {
  it('keeps the terms exact (one kept for the tab\'s site), sends the words around them within the figure, a caption of terms only for nothing; an unrelated entry changed sends nothing, a matched one re-sends its caption only', async () => {
    await fetch(`${emulator.url()}/__emulator/translator`, { method: 'POST', body: JSON.stringify({ mode: 'realistic' }) });
    await updateSettings({ glossary: [KEEP, BOARD, HERE, THERE] });
    const tab = (await fakeBrowser.tabs.create({ url: 'https://news.test/river' })).id!;
    const texts = termCues.map((cue) => cue.text);
    const estimate = await estimateCaptions(termCues, 8, tab);
    expect(await acceptOffer(estimate.offer, tab)).toBe(true);

    const answer = await translateCaptions('es', texts, tab);
    expect(answer.error).toBeNull();
    const [first, second, third] = answer.translations;
    expect(first).toMatch(/^Voxlate \S.* junta del puerto \S/u);
    expect(second).toContain(' pescadores del muelle ');
    expect(second).not.toMatch(/fishermen|boats|barcas/u);
    expect(third).toBe('Voxlate!');
    expect(answer.translations.join(' ')).not.toMatch(MARKER);
    // One request, of the words around the terms only: what the figure agreed to bounds it.
    const sent = await translateLog();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.textStart).not.toMatch(/Voxlate|harbour|fishermen/u);
    expect((await charged()).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(estimate.whole);

    await updateSettings({ glossary: [KEEP, BOARD, HERE, THERE, { ...KEEP, term: 'Firefox' }] });
    expect(await translateCaptions('es', texts, tab)).toEqual(answer);
    expect(await translateLog()).toHaveLength(1);

    await updateSettings({ glossary: [KEEP, { ...BOARD, translate: { mode: 'fixed', text: null, byTarget: { es: 'consejo del puerto' } } }, HERE, THERE] });
    const changed = await translateCaptions('es', texts, tab);
    expect(changed.translations[0]).toContain(' consejo del puerto ');
    expect(changed.translations.slice(1)).toEqual(answer.translations.slice(1));
    expect((await translateLog()).map((entry) => entry.textStart)).toEqual([sent[0]!.textStart, 'reads the\n\nnotices.']);
  });
});
