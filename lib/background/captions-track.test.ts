import 'fake-indexeddb/auto';
import { resolveObjectURL } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useEmulator } from '../../test/contract/emulator-harness';
import { JoinWorkerOnChannel } from '../audio/join-worker.test-helpers';
import { parseMp3 } from '../audio/mp3';
import { useEnglishMessages } from '../i18n.test-helpers';
import { accountItem } from '../settings/cache-items';
import { apiKeyItem, updateSettings } from '../settings/items';
import { clearAudioCache, dropAudioInMemory, hasAudio } from '../speech/cache';
import { pinnedAudioKeys } from '../speech/pins';
import { voxlateDb } from '../storage/database';
import type { TrackCue } from '../captions/protocol-types';
import { estimateCaptions, stopCaptions } from './captions';
import { captionSpeechKey, speakCaption } from './captions-speech';
import { estimateCaptionsTrack, saveCaptionsTrack, trackFileName } from './captions-track';
import { getSettings } from '../settings/items';
import { acceptOffer, grantLeft } from './spend/gate';

// The track placed from the cache as Firefox's background page places it (Chrome's offscreen
// document runs the same trackFileUrl, sent the keys: test/e2e/captions.spec.ts); the file handed
// to the downloads API kept to look at.
const saved: { bytes: Uint8Array; fileName: string; incognito?: boolean }[] = [];

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
  vi.stubEnv('FIREFOX', 'true');
  // Speech longer than its slot is encoded again in the join worker: its real code, on a channel.
  vi.stubGlobal('Worker', JoinWorkerOnChannel);
  saved.length = 0;
  vi.spyOn(fakeBrowser.downloads, 'download').mockImplementation(async (options) => {
    // Firefox's option (not in Chrome's typings): the private window files the download.
    const { url, filename, incognito } = options as typeof options & { incognito?: boolean };
    saved.push({ bytes: new Uint8Array(await resolveObjectURL(url)!.arrayBuffer()), fileName: filename!, ...(incognito ? { incognito } : {}) });
    return saved.length;
  });
  await clearAudioCache();
  await apiKeyItem.setValue('demo-pro');
  await updateSettings({ serviceUrl: emulator.url(), targetLanguage: 'es' });
  await accountItem.setValue({ email: 'pro@demo.test', plan: 'pro', credits: 100_000, fetchedAt: Date.now(), serviceUrl: emulator.url() });
  await acceptOffer((await estimateCaptions(cues, 8, TAB)).offer, TAB);
});

afterEach(() => {
  dropAudioInMemory();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
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
    const name = await saveCaptionsTrack('es', [{ text: texts[0]!, atSec: 0.2, endSec: 2 }, { text: texts[1]!, atSec: 2, endSec: 6 }, { text: texts[0]!, atSec: 6, endSec: 8 }], 8, 'River: a film', TAB);
    expect(name).toEqual({ name: 'River a film.es.mp3', spedUp: 0, cut: 0 });
    expect(await speechLog()).toHaveLength(2);
    expect(saved).toHaveLength(1);
    const info = parseMp3(saved[0]!.bytes);
    expect(info.header?.lame).not.toBeNull();
    expect(info.durationSec).toBeGreaterThanOrEqual(8);
    expect(info.durationSec).toBeLessThan(8.2);
  });

  it('places from the cache by the keys speakCaption keeps the speech under, buying again one not there; the keys are held only meanwhile', async () => {
    await acceptOffer((await estimateCaptionsTrack(cues, TAB)).offer, TAB);
    const texts = ['[ES] Hola, my amigo.', '[ES] El gato sleeps on el libro.'];
    await speakCaption('es', texts[0]!, TAB);
    const keys = await Promise.all(texts.map(async (text) => captionSpeechKey(await getSettings(), 'es', text, TAB)));
    expect(await hasAudio(keys[0]!)).toBe(true);
    expect(await hasAudio(keys[1]!)).toBe(false);
    expect(await saveCaptionsTrack('es', [{ text: texts[0]!, atSec: 0, endSec: 2 }, { text: texts[1]!, atSec: 2, endSec: 4 }], 4, 'River', TAB)).toMatchObject({ name: 'River.es.mp3' });
    // The second caption's speech (not in the cache: evicted, say) bought at the save, within the grant; the first not again.
    expect(await speechLog()).toHaveLength(2);
    expect(await hasAudio(keys[1]!)).toBe(true);
    expect(parseMp3(saved[0]!.bytes).durationSec).toBeGreaterThanOrEqual(4);
    expect(await pinnedAudioKeys()).toEqual(new Set());
  });

  it('from a private window: placed from the speech kept in memory, and filed with that window', async () => {
    const tab = await fakeBrowser.tabs.create({ url: 'https://video.test/' });
    vi.spyOn(fakeBrowser.tabs, 'get').mockImplementation(async (id) => ({ ...tab, id, incognito: id === tab.id }));
    await acceptOffer((await estimateCaptions(cues, 8, tab.id!)).offer, tab.id!);
    await acceptOffer((await estimateCaptionsTrack(cues, tab.id!)).offer, tab.id!);
    await speakCaption('es', '[ES] Hola, my amigo.', tab.id!);
    expect(await saveCaptionsTrack('es', [{ text: '[ES] Hola, my amigo.', atSec: 1, endSec: 3 }], 3, '', tab.id!)).toMatchObject({ name: 'captions.es.mp3' });
    expect(saved).toMatchObject([{ fileName: 'captions.es.mp3', incognito: true }]);
    expect(parseMp3(saved[0]!.bytes).durationSec).toBeGreaterThanOrEqual(3);
    // Nothing of it in the database.
    expect(await (await voxlateDb()).count('meta')).toBe(0);
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
