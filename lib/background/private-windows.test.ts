import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { encodeMp3 } from '../audio/encode.test-helpers';
import { useEnglishMessages } from '../i18n.test-helpers';
import type { PlayerEvent, ReadingPlan, SpeechParams } from '../player/contract';
import { clearPositions, positionOf } from '../settings/reading-positions';
import { audioInMemory, clearAudioCache, getAudio, hasAudio } from '../speech/cache';
import { voxlateDb } from '../storage/database';
import { clearTranslationCache, getCachedTranslation } from '../translate/cache';
import { getHistory } from '../translate/history';
import { forgetPrivateUseIfClosed, notePrivateSession } from './private-windows';
import { fetchChunk } from './reading/audio-fetch';
import { followPosition, resumePoint } from './reading/resume';
import type { ReadingSession } from './reading/session';
import { translate } from './translation';

const SERVICE = 'https://tts.test';
const params: SpeechParams = { voiceId: 'en-amelia', language: 'en', speed: 1, format: 'mp3' };
const audio = encodeMp3(0.5);
/** What the service was sent, by path. */
let sent: string[] = [];

/** A tab in a new private window, as the browser reports it (`incognito`). */
async function openTab(url: string, incognito: boolean): Promise<{ tabId: number; windowId: number }> {
  const window = (await fakeBrowser.windows.create({ incognito, focused: true }))!;
  const tab = await fakeBrowser.tabs.create({ url, windowId: window.id!, active: true });
  await fakeBrowser.tabs.update(tab.id!, { incognito } as Parameters<typeof fakeBrowser.tabs.update>[1]);
  return { tabId: tab.id!, windowId: window.id! };
}

/** What storage.local and the database hold that came from a page (not the settings and key). */
async function onDisk() {
  const db = await voxlateDb();
  const { readingPositions, leftOut } = await fakeBrowser.storage.local.get(['readingPositions', 'leftOut']);
  return {
    readingPositions: Object.keys((readingPositions as object | undefined) ?? {}).length,
    leftOut: leftOut ?? null,
    audio: await db.count('audio'),
    translations: await db.count('translations'),
    history: await db.count('history'),
  };
}
const NOTHING = { readingPositions: 0, leftOut: null, audio: 0, translations: 0, history: 0 };

beforeEach(async () => {
  fakeBrowser.reset();
  useEnglishMessages();
  sent = [];
  await fakeBrowser.storage.local.set({ apiKey: 'k', settings: { serviceUrl: SERVICE } });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = new URL(url).pathname;
    sent.push(path);
    if (path.endsWith('/tts')) return new Response(new Blob([audio as BlobPart]), { headers: { 'Content-Type': 'audio/mpeg' } });
    if (path.endsWith('/translate')) {
      const { text } = JSON.parse(String(init?.body)) as { text: string };
      return Response.json({ success: true, translation: `[de] ${text}`, source_language: 'en', target_language: 'de' });
    }
    return Response.json({ user: { id: 'usr_1', email: 'a@b.c', credits: 10_000, plan: 'pro' } });
  });
  await Promise.all([clearAudioCache(), clearTranslationCache(), clearPositions()]);
  const db = await voxlateDb();
  await db.clear('history');
});
afterEach(async () => {
  // Every window closed: what private ones kept goes (and the worker is no longer held).
  for (const w of await fakeBrowser.windows.getAll()) if (w.incognito) await fakeBrowser.windows.remove(w.id!);
  await forgetPrivateUseIfClosed();
  vi.unstubAllGlobals();
});

const PLAN: ReadingPlan = {
  sessionId: 's1',
  params,
  chunks: [{ index: 0, text: 'One. Two. Three.', firstSentence: 0, lastSentence: 2, sentenceOffsets: [0, 5, 10] }],
  sentenceCount: 3,
  title: 'River',
};
const PAGE = 'https://example.org/river';
const playing = (sentence: number): PlayerEvent => ({ sessionId: 's1', status: 'playing', sentence, chunk: 0, elapsedSec: 1 });

async function readPage(tabId: number): Promise<void> {
  const point = (await resumePoint(tabId, 'One. Two. Three.'))!;
  const session: ReadingSession = { plan: PLAN, sentences: [], tabId, frameId: 0, position: null, page: point.page };
  await followPosition(session, playing(1));
}

describe('a page read in a private window', () => {
  it('leaves its place to continue reading in memory only, offered there until the last private window closes', async () => {
    const { tabId, windowId } = await openTab(PAGE, true);
    await readPage(tabId);
    expect(await onDisk()).toEqual(NOTHING);
    // Offered again in the private window, not to normal windows.
    expect((await resumePoint(tabId, 'One. Two. Three.'))!.from).toMatchObject({ sentence: 1 });
    expect(await positionOf(PAGE)).toBeNull();

    await fakeBrowser.windows.remove(windowId);
    await forgetPrivateUseIfClosed();
    expect(await positionOf(PAGE, true)).toBeNull();
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
  });

  it('in a normal window, the place is kept in storage.local as before', async () => {
    const { tabId } = await openTab(PAGE, false);
    await readPage(tabId);
    expect(await onDisk()).toEqual({ ...NOTHING, readingPositions: 1 });
    expect(await positionOf(PAGE)).toMatchObject({ sentence: 1 });
  });

  it('keeps its audio in memory, where the player finds it; nothing in the database; gone with the window', async () => {
    const { tabId, windowId } = await openTab(PAGE, true);
    expect(await notePrivateSession('private-reading', tabId)).toBe(true);
    const key = await fetchChunk({ sessionId: 'private-reading', chunkIndex: 0, text: 'Hello there.', params, priority: 10 });
    expect(await onDisk()).toEqual(NOTHING);
    expect((await getAudio(key))?.audio).toEqual(audio);
    expect(audioInMemory(key)).toBeDefined();
    // Asked again (the player after a jump back): from memory, not paid twice.
    await fetchChunk({ sessionId: 'private-reading', chunkIndex: 0, text: 'Hello there.', params, priority: 10 });
    expect(sent.filter((p) => p.endsWith('/tts'))).toHaveLength(1);

    await fakeBrowser.windows.remove(windowId);
    await forgetPrivateUseIfClosed();
    expect(await hasAudio(key)).toBe(false);
  });

  it("a normal window's reading stores its audio in the database", async () => {
    const { tabId } = await openTab(PAGE, false);
    expect(await notePrivateSession('reading', tabId)).toBe(false);
    const key = await fetchChunk({ sessionId: 'reading', chunkIndex: 0, text: 'Hello there.', params, priority: 10 });
    expect(await onDisk()).toEqual({ ...NOTHING, audio: 1 });
    expect(audioInMemory(key)).toBeUndefined();
  });

  it('translates without a history entry or a cached translation on disk; the same text again is not paid twice', async () => {
    const { tabId } = await openTab(PAGE, true);
    const ask = { text: 'Good morning.', target: 'de' };
    expect(await translate(ask, tabId)).toMatchObject({ status: 'translated', translation: '[de] Good morning.' });
    expect(await translate(ask, tabId)).toMatchObject({ status: 'translated', cached: true });
    expect(sent.filter((p) => p.endsWith('/translate'))).toHaveLength(1);
    expect(await onDisk()).toEqual(NOTHING);
    expect(await getHistory()).toEqual([]);
  });

  it("a normal window's translation is cached and in the history", async () => {
    const { tabId } = await openTab(PAGE, false);
    await translate({ text: 'Good morning.', target: 'de' }, tabId);
    expect(await onDisk()).toEqual({ ...NOTHING, translations: 1, history: 1 });
    expect(await getCachedTranslation({ service: SERVICE, text: 'Good morning.', source: null, target: 'de' })).toMatchObject({ translation: '[de] Good morning.' });
  });
});
