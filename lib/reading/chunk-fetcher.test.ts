import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { encodeMp3 } from '../audio/test-fixtures';
import type { SpeechParams } from './types';

const params: SpeechParams = { voiceId: 'en-amelia', language: 'en', speed: 1, format: 'mp3' };
const audio = encodeMp3(0.5);
let calls: string[] = [];

async function load() {
  vi.resetModules();
  return import('./chunk-fetcher');
}

beforeEach(async () => {
  fakeBrowser.reset();
  calls = [];
  await fakeBrowser.storage.local.set({ apiKey: 'k', settings: { serviceUrl: 'https://tts.test' } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push(JSON.parse(String(init.body)).text);
    return new Response(new Blob([audio as BlobPart]), { headers: { 'Content-Type': 'audio/mpeg' } });
  });
  const { clearAudioCache } = await import('../speech/cache');
  await clearAudioCache();
});
afterEach(() => vi.unstubAllGlobals());

describe('fetchChunk', () => {
  it('stores the audio and serves a second asker from the cache, with one paid request', async () => {
    const { fetchChunk } = await load();
    const [a, b] = await Promise.all([
      fetchChunk({ sessionId: 's', text: 'Hello there.', params, priority: 10 }),
      fetchChunk({ sessionId: 's', text: 'Hello there.', params, priority: 10 }),
    ]);
    expect(a).toBe(b);
    await fetchChunk({ sessionId: 'other', text: 'Hello there.', params, priority: 10 });
    expect(calls).toEqual(['Hello there.']);
  });

  it('sends nothing for a reading that was stopped, even when the stop comes during the cache lookup', async () => {
    const { fetchChunk, endFetches } = await load();
    const asked = fetchChunk({ sessionId: 'stopped', text: 'Never paid for.', params, priority: 10 });
    endFetches('stopped');
    await expect(asked).rejects.toMatchObject({ kind: 'cancelled' });
    await expect(fetchChunk({ sessionId: 'stopped', text: 'Nor this.', params, priority: 1 })).rejects.toMatchObject({ kind: 'cancelled' });
    expect(calls).toEqual([]);
  });

  it('a skip cancels what is in flight but the reading may ask again', async () => {
    const { fetchChunk, cancelFetches } = await load();
    cancelFetches('skipping');
    await fetchChunk({ sessionId: 'skipping', text: 'Still wanted.', params, priority: 10 });
    expect(calls).toEqual(['Still wanted.']);
  });
});
