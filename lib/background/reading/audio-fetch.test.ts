import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { encodeMp3 } from '../../audio/encode.test-helpers';
import type { SpeechParams } from '../../player/contract';
import { useEnglishMessages } from '../../i18n.test-helpers';

// How a chunk is heard: as written, unless a test makes its translation fail.
const textToSpeak = vi.hoisted(() => vi.fn(async (_sessionId: string, text: string) => text));
vi.mock('./translated', () => ({ textToSpeak, stopTranslations: () => undefined }));

const params: SpeechParams = { voiceId: 'en-amelia', language: 'en', speed: 1, format: 'mp3' };
const audio = encodeMp3(0.5);
let calls: string[] = [];
/** Which service each request went to. */
let hosts: string[] = [];
/** Texts whose answer is held back until `answer(text)`: the request is on the wire meanwhile. */
let held = new Map<string, () => void>();
const hold = (...texts: string[]) => texts.forEach((t) => held.set(t, () => undefined));
const answer = (text: string) => held.get(text)!();
/** Waits until `n` requests were sent (the cache lookups before them are async). */
// Generous: IndexedDB and hashing run on a machine that may be busy with other tests.
const WAIT = { timeout: 10_000 };
const sentCount = (n: number) => vi.waitFor(() => expect(calls).toHaveLength(n), WAIT);

async function load() {
  vi.resetModules();
  return import('./audio-fetch');
}

beforeEach(async () => {
  fakeBrowser.reset();
  calls = [];
  hosts = [];
  held = new Map();
  await fakeBrowser.storage.local.set({ apiKey: 'k', settings: { serviceUrl: 'https://tts.test' } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const text = JSON.parse(String(init.body)).text as string;
    calls.push(text);
    hosts.push(new URL(url).host);
    if (held.has(text)) await new Promise<void>((release) => held.set(text, release));
    return new Response(new Blob([audio as BlobPart]), { headers: { 'Content-Type': 'audio/mpeg' } });
  });
  const { clearAudioCache } = await import('../../speech/cache');
  await clearAudioCache();
});
afterEach(() => vi.unstubAllGlobals());

// Errors are worded from public/_locales/en, as in an English browser.
beforeEach(() => useEnglishMessages());

describe('fetchChunk', () => {
  it('a translation that failed (perhaps charged) fails the same way for the rest of the reading: not sent again by itself', async () => {
    const { ServiceError } = await import('../../api/errors');
    textToSpeak.mockClear();
    textToSpeak.mockRejectedValueOnce(new ServiceError('server', 'The service had a problem.'));
    const { fetchChunk } = await load();
    const ask = (sessionId: string) => fetchChunk({ sessionId, chunkIndex: 0, text: 'Hola.', params, priority: 10 });
    await expect(ask('heard-in-english')).rejects.toMatchObject({ kind: 'server' });
    await expect(ask('heard-in-english')).rejects.toMatchObject({ kind: 'server' });
    expect(textToSpeak).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
    // Another reading (a Retry the user agreed to) asks again.
    await ask('retried');
    expect(textToSpeak).toHaveBeenCalledTimes(2);
    // Its original, heard as written, is never translated.
    await fetchChunk({ sessionId: 'retried', chunkIndex: 1, text: 'Adiós.', params, priority: 10, asWritten: true });
    expect(textToSpeak).toHaveBeenCalledTimes(2);
  });

  it('a second ask while the chunk’s translation is under way waits for it: its failure (perhaps charged) is the answer to both, never a second request', async () => {
    const { ServiceError } = await import('../../api/errors');
    textToSpeak.mockClear();
    let fail!: (error: unknown) => void;
    textToSpeak.mockImplementationOnce(() => new Promise<string>((_, reject) => (fail = reject)));
    const { fetchChunk } = await load();
    const ask = () => fetchChunk({ sessionId: 'early-and-player', chunkIndex: 0, text: 'Hola.', params, priority: 10 });
    // The reading's early request, then the player's ask for the same chunk while it is under way.
    const early = ask();
    await vi.waitFor(() => expect(textToSpeak).toHaveBeenCalledTimes(1), WAIT);
    const player = ask();
    fail(new ServiceError('server', 'The service had a problem.'));
    await expect(early).rejects.toMatchObject({ kind: 'server' });
    await expect(player).rejects.toMatchObject({ kind: 'server' });
    expect(textToSpeak).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
  });

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

  it('does not serve audio of one service after switching to another, and keeps each service\'s audio', async () => {
    const { fetchChunk } = await load();
    const { updateSettings } = await import('../../settings/items');
    const first = await fetchChunk({ sessionId: 's', text: 'Hello there.', params, priority: 10 });
    await updateSettings({ serviceUrl: 'https://other.test' });
    const second = await fetchChunk({ sessionId: 's', text: 'Hello there.', params, priority: 10 });
    expect(second).not.toBe(first);
    await updateSettings({ serviceUrl: 'https://tts.test/api/v1/' });
    expect(await fetchChunk({ sessionId: 's', text: 'Hello there.', params, priority: 10 })).toBe(first);
    expect(hosts).toEqual(['tts.test', 'other.test']);
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

  it('a restart of the same text joins the request in flight: one request, paid once', async () => {
    const { fetchChunk, endFetches } = await load();
    hold('First sentence.');
    const { sharedCallHolders: inFlightHolders } = await import('../spend/gateway');
    const first = fetchChunk({ sessionId: 'a', chunkIndex: 0, text: 'First sentence.', params, priority: 10 });
    await sentCount(1);
    const again = fetchChunk({ sessionId: 'b', chunkIndex: 0, text: 'First sentence.', params, priority: 10 });
    await vi.waitFor(() => expect([...inFlightHolders().values()][0]?.size).toBe(2), WAIT);
    endFetches('a');
    answer('First sentence.');
    expect(await again).toBe(await first);
    expect(calls).toEqual(['First sentence.']);
  });

  it('releasing a request that is not sent yet cancels it; nothing is paid for it', async () => {
    const { fetchChunk, cancelFetches } = await load();
    const { sharedCallHolders: inFlightHolders } = await import('../spend/gateway');
    hold('One.', 'Two.');
    // The free plan allows two at a time: the third waits for a slot, unsent.
    const sent = ['One.', 'Two.'].map((text, i) => fetchChunk({ sessionId: 's', chunkIndex: i, text, params, priority: 5 }));
    await sentCount(2);
    const queued = fetchChunk({ sessionId: 's', chunkIndex: 7, text: 'Far ahead.', params, priority: 1 });
    await vi.waitFor(() => expect(inFlightHolders().size).toBe(3), WAIT);
    cancelFetches('s', [7]);
    await expect(queued).rejects.toMatchObject({ kind: 'cancelled' });
    answer('One.');
    answer('Two.');
    await Promise.all(sent);
    // The two sent (in either order: each looks in the cache first), never the one let go.
    expect([...calls].sort()).toEqual(['One.', 'Two.']);
    expect(inFlightHolders().size).toBe(0);
  });

  it('a released request already on the wire finishes into the cache, so asking again later is free', async () => {
    const { fetchChunk, cancelFetches } = await load();
    const { hasAudio } = await import('../../speech/cache');
    hold('Paid already.');
    const sent = fetchChunk({ sessionId: 's', chunkIndex: 3, text: 'Paid already.', params, priority: 5 });
    await sentCount(1);
    cancelFetches('s', [3]);
    answer('Paid already.');
    const key = await sent;
    expect(await hasAudio(key)).toBe(true);
    await fetchChunk({ sessionId: 's', chunkIndex: 3, text: 'Paid already.', params, priority: 5 });
    expect(calls).toEqual(['Paid already.']);
  });

  it('a request another reading still holds is not cancelled when one lets go', async () => {
    const { fetchChunk, cancelFetches } = await load();
    const { sharedCallHolders: inFlightHolders } = await import('../spend/gateway');
    hold('One.', 'Two.');
    const busy = ['One.', 'Two.'].map((text, i) => fetchChunk({ sessionId: 'x', chunkIndex: i, text, params, priority: 5 }));
    await sentCount(2);
    const mine = fetchChunk({ sessionId: 'a', chunkIndex: 2, text: 'Shared.', params, priority: 1 });
    const theirs = fetchChunk({ sessionId: 'b', chunkIndex: 0, text: 'Shared.', params, priority: 1 });
    await vi.waitFor(() => expect([...inFlightHolders().values()].some((h) => h.size === 2)).toBe(true), WAIT);
    cancelFetches('a');
    expect([...inFlightHolders().values()].some((h) => h.has('b#0'))).toBe(true);
    answer('One.');
    answer('Two.');
    await Promise.all([...busy, mine, theirs]);
    // 'Shared.' was paid for once; One and Two went out together, in either order.
    expect([...calls].sort()).toEqual(['One.', 'Shared.', 'Two.']);
  });

  it('a request that failed is not sent again for the same reading: the player asking after the early request gets its answer', async () => {
    const { fetchChunk, endFetches } = await load();
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push(JSON.parse(String(init.body)).text);
      return new Response('broken', { status: 200, headers: { 'Content-Type': 'text/html' } });
    });
    const early = fetchChunk({ sessionId: 'r', chunkIndex: 0, text: 'Cut short.', params, priority: 10 });
    await expect(early).rejects.toMatchObject({ kind: 'badResponse', mayBeCharged: true });
    await expect(fetchChunk({ sessionId: 'r', chunkIndex: 0, text: 'Cut short.', params, priority: 10 })).rejects.toMatchObject({ kind: 'badResponse' });
    expect(calls).toEqual(['Cut short.']);
    // The user asking again (a new reading) does send it again.
    endFetches('r');
    await expect(fetchChunk({ sessionId: 'r2', chunkIndex: 0, text: 'Cut short.', params, priority: 10 })).rejects.toMatchObject({ kind: 'badResponse' });
    expect(calls).toEqual(['Cut short.', 'Cut short.']);
  });

  it('a new player of the same reading asking again joins the request its closed predecessor left on the wire', async () => {
    const { fetchChunk, waitingOnService } = await load();
    hold('Still coming.');
    // The first player's document is closed meanwhile: nobody releases its request.
    const orphan = fetchChunk({ sessionId: 'r', chunkIndex: 4, text: 'Still coming.', params, priority: 5 });
    await sentCount(1);
    expect(waitingOnService('r')).toBe(true);
    expect(waitingOnService('other')).toBe(false);
    const again = fetchChunk({ sessionId: 'r', chunkIndex: 4, text: 'Still coming.', params, priority: 10 });
    answer('Still coming.');
    expect(await again).toBe(await orphan);
    expect(calls).toEqual(['Still coming.']);
    expect(waitingOnService('r')).toBe(false);
  });
});

