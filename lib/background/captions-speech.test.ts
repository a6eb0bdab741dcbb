import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useEmulator } from '../../test/contract/emulator-harness';
import { useEnglishMessages } from '../i18n.test-helpers';
import { updateSettings } from '../settings/items';
import { clearAudioCache } from '../speech/cache';
import type { Cue } from '../captions/cue';
import type { GlossaryEntry } from '../glossary';
import { estimateCaptions, stopCaptions, translateCaptions } from './captions';
import { estimateCaptionsListen, speakCaption } from './captions-speech';
import { acceptOffer, grantLeft } from './spend/gate';

const TAB = 11;
// The real emulator behind the real client, scheduler and gateway: what is charged is the service's word.
const emulator = useEmulator();
const speechLog = async () => (await emulator.log()).filter((entry) => entry.path === '/api/v1/tts');

const cues: Cue[] = [
  { id: '0', start: 0.2, end: 1.8, text: 'Hello, my friend.' },
  { id: '1', start: 2, end: 3.8, text: 'The cat sleeps on the book.' },
];

beforeEach(async () => {
  useEnglishMessages();
  fakeBrowser.reset();
  await clearAudioCache();
  await emulator.signIn();
});

describe('captions heard in the worker', () => {
  it('speaks nothing before the figure for listening is agreed to; then each caption once, the cache answering again', async () => {
    await acceptOffer((await estimateCaptions(cues, 8, TAB)).offer, TAB);
    // The translation's grant alone does not cover speech.
    await expect(speakCaption('es', '[ES] Hola, my amigo.', TAB)).rejects.toThrow('would cost more than you agreed to');
    const listen = await estimateCaptionsListen(cues, 8, TAB);
    // The figure shown is the whole: the captions' translation and their speech.
    expect(listen.whole).toBeGreaterThan(Math.ceil('Hello, my friend.\n\n'.length / 10) + Math.ceil('The cat sleeps on the book.\n\n'.length / 10));
    expect(await acceptOffer(listen.offer, TAB)).toBe(true);
    const first = await speakCaption('es', '[ES] Hola, my amigo.', TAB);
    expect(first.durationSec).toBeGreaterThan(0);
    expect(first.audio.length).toBeGreaterThan(100);
    expect(await speechLog()).toHaveLength(1);
    expect(await speakCaption('es', '[ES] Hola, my amigo.', TAB)).toEqual(first);
    expect(await speechLog()).toHaveLength(1);
  });

  it('Listen and the spoken track asking for one caption at once: one request, paid once, both answered', async () => {
    await acceptOffer((await estimateCaptionsListen(cues, 8, TAB)).offer, TAB);
    const [heard, placed] = await Promise.all([speakCaption('es', '[ES] Hola, my amigo.', TAB), speakCaption('es', '[ES] Hola, my amigo.', TAB)]);
    expect(placed).toEqual(heard);
    expect(await speechLog()).toHaveLength(1);
    expect((await emulator.ledger()).filter((e) => e.path === '/api/v1/tts')).toHaveLength(1);
  });

  it('a pause withdraws speech not sent yet; starting the captions afresh forgets what was agreed to', async () => {
    await acceptOffer((await estimateCaptionsListen(cues, 8, TAB)).offer, TAB);
    const asked = speakCaption('es', '[ES] El gato sleeps on el libro.', TAB);
    // The page's pause, as its message arrives.
    await stopCaptions(TAB, false);
    await expect(asked).rejects.toMatchObject({ kind: 'cancelled' });
    expect(await speechLog()).toEqual([]);
    await estimateCaptions(cues, 8, TAB);
    expect(await grantLeft(TAB, 'captions-listen')).toBeNull();
  });
});

describe('captions heard with the glossary', () => {
  it('sends each caption as the glossary says it (its "say as", one kept for the tab\'s site), priced and cached as said, within the figure even when "say as" runs far longer', async () => {
    const say = (term: string, said: string, site: string | null, keep = false): GlossaryEntry => ({ term, translate: keep ? { mode: 'keep' } : { mode: 'free' }, say: said, language: null, site, case: 'auto' });
    const long = 'the voice of the harbour, the Voxlate app';
    await updateSettings({ glossary: [say('VX', long, null, true), say('amigo', 'ah-mee-go', 'news.test'), say('my', 'mah-ee', 'other.test')] });
    const tab = (await fakeBrowser.tabs.create({ url: 'https://news.test/river' })).id!;
    const termCues: Cue[] = [{ id: '0', start: 0.2, end: 1.8, text: 'VX.' }, { id: '1', start: 2, end: 3.8, text: 'my friend' }];
    await acceptOffer((await estimateCaptions(termCues, 8, tab)).offer, tab);
    await acceptOffer((await estimateCaptionsListen(termCues, 8, tab)).offer, tab);
    const { translations } = await translateCaptions('es', termCues.map((cue) => cue.text), tab);
    expect(translations).toEqual(['VX.', '[ES] my amigo']);

    // A term said 20 times longer than written, in a caption of that term only: still within what was agreed to.
    await speakCaption('es', 'VX.', tab);
    await speakCaption('es', '[ES] my amigo', tab);
    expect((await speechLog()).map((entry) => entry.textStart)).toEqual([`${long}.`, '[ES] my ah-mee-go']);
    // Cached by what was said: heard again, nothing is sent.
    await speakCaption('es', 'VX.', tab);
    expect(await speechLog()).toHaveLength(2);
  });
});
