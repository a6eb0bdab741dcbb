import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useEmulator } from '../../test/contract/emulator-harness';
import { parseMp3 } from '../audio/mp3';
import { useEnglishMessages } from '../i18n.test-helpers';
import { accountItem } from '../settings/cache-items';
import { apiKeyItem, updateSettings } from '../settings/items';
import { clearAudioCache } from '../speech/cache';
import type { TrackCue } from '../captions/protocol-types';
import { estimateCaptions, stopCaptions } from './captions';
import { speakCaption } from './captions-speech';
import { estimateCaptionsTrack, saveCaptionsTrack, trackFileName } from './captions-track';
import { acceptOffer, grantLeft } from './spend/gate';

// The file is handed to the downloads API from a document (Chrome's offscreen one): here, kept to look at.
const saved = vi.hoisted(() => [] as { bytes: Uint8Array; fileName: string }[]);
vi.mock('./download/audio-file', () => ({
  saveAudioFile: async (bytes: Uint8Array, _format: string, fileName: string) => void saved.push({ bytes, fileName }),
}));

const TAB = 12;
// The real emulator behind the real client, scheduler and gateway: what is charged is the service's word.
const emulator = useEmulator();
const speechLog = async () => (await emulator.log()).filter((entry) => entry.path === '/api/v1/tts');

const cues: TrackCue[] = [
  { id: '0', start: 0.2, end: 1.8, text: 'Hello, my friend.', translation: '[ES] Hola, my amigo.' },
  { id: '1', start: 2, end: 3.8, text: 'The cat sleeps on the book.', translation: null },
];

beforeEach(async () => {
  useEnglishMessages();
  fakeBrowser.reset();
  saved.length = 0;
  await clearAudioCache();
  await apiKeyItem.setValue('demo-pro');
  await updateSettings({ serviceUrl: emulator.url(), targetLanguage: 'es' });
  await accountItem.setValue({ email: 'pro@demo.test', plan: 'pro', credits: 100_000, fetchedAt: Date.now(), serviceUrl: emulator.url() });
  await acceptOffer((await estimateCaptions(cues, 8, TAB)).offer, TAB);
});

describe('the spoken track in the worker', () => {
  it('its figure is the speech of the captions not heard yet and the translation of those not translated; speech in the cache is left out', async () => {
    const before = await estimateCaptionsTrack(cues, TAB);
    expect(before.toHear).toBe(2);
    // The untranslated caption's translation is in the figure shown, not in the offer (the captions' own grant holds it).
    expect(before.whole).toBeGreaterThan(Math.ceil('The cat sleeps on the book.\n\n'.length / 10));
    expect(await acceptOffer(before.offer, TAB)).toBe(true);
    const speechOffered = (await grantLeft(TAB, 'captions-listen'))!;
    expect(speechOffered).toBeLessThan(before.whole);
    // The first caption heard (Listen, or the track's own request): the figure drops it.
    await speakCaption('es', '[ES] Hola, my amigo.', TAB);
    const after = await estimateCaptionsTrack(cues, TAB);
    expect(after.toHear).toBe(1);
    expect(after.whole).toBeLessThan(before.whole);
    expect(await speechLog()).toHaveLength(1);
  });

  it('saves one file from the speech bought, for nothing more: each caption at its time, the length of the video', async () => {
    await acceptOffer((await estimateCaptionsTrack(cues, TAB)).offer, TAB);
    const texts = ['[ES] Hola, my amigo.', '[ES] El gato sleeps on el libro.'];
    for (const text of texts) await speakCaption('es', text, TAB);
    expect(await speechLog()).toHaveLength(2);
    const name = await saveCaptionsTrack('es', [{ text: texts[0]!, atSec: 0.2 }, { text: texts[1]!, atSec: 2 }, { text: texts[0]!, atSec: 6 }], 8, 'River: a film', TAB);
    expect(name).toBe('River a film.es.mp3');
    expect(await speechLog()).toHaveLength(2);
    expect(saved).toHaveLength(1);
    const info = parseMp3(saved[0]!.bytes);
    expect(info.header?.lame).not.toBeNull();
    expect(info.durationSec).toBeGreaterThanOrEqual(8);
    expect(info.durationSec).toBeLessThan(8.2);
  });

  it('Cancel (the page’s pause of what is queued) withdraws the speech not sent: nothing is paid for it', async () => {
    await acceptOffer((await estimateCaptionsTrack(cues, TAB)).offer, TAB);
    const asked = speakCaption('es', '[ES] El gato sleeps on el libro.', TAB);
    await stopCaptions(TAB, false);
    await expect(asked).rejects.toMatchObject({ kind: 'cancelled' });
    expect(await speechLog()).toEqual([]);
    // What was agreed to stays: asked again, it is bought within it.
    await speakCaption('es', '[ES] El gato sleeps on el libro.', TAB);
    expect(await speechLog()).toHaveLength(1);
  });

  it('is named after the page and the language spoken', () => {
    expect(trackFileName('', 'de', 'wav')).toBe('captions.de.wav');
    expect(trackFileName('A/B', 'ja', 'mp3')).toBe('A B.ja.mp3');
  });
});
