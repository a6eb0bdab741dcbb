import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ServiceError } from '../api/errors';
import { clearTranslationCache } from './cache';
import { clearHistory, getHistory } from './history';
import { createTranslator, type TranslateInput, type TranslateRequest, type TranslationAnswer, type TranslationResult } from './translate';
import { useEnglishMessages } from '../i18n.test-helpers';

const SERVICE = 'https://tts.test';

interface FakeServiceOptions {
  /** The balance the background knows; null: unknown. */
  balance?: number | null;
  /** Whether that balance is recent and exact. */
  fresh?: boolean;
  /** What reading the account from the service answers (the real balance); null: the read fails. */
  serviceBalance?: number | null;
  fail?: (req: TranslateRequest, call: number) => Error | null;
}

// The cache and the history are in IndexedDB, which fakeBrowser.reset() does not empty.
async function resetStorage() {
  fakeBrowser.reset();
  await Promise.all([clearTranslationCache(), clearHistory()]);
}

/** A stand-in for the API client that behaves like the emulator: marker per call, cost checked. */
function fakeService(opts: FakeServiceOptions = {}) {
  const calls: TranslateRequest[] = [];
  let balance = opts.balance === undefined ? 1000 : opts.balance;
  let fresh = opts.fresh ?? true;
  let refreshes = 0;
  const translator = createTranslator({
    async translate(req) {
      calls.push(req);
      const failure = opts.fail?.(req, calls.length);
      if (failure) throw failure;
      return { translation: `[${req.target_language}] ${req.text}`, source_language: req.source_language ?? 'English', target_language: req.target_language };
    },
    getBalance: async () => (balance === null ? null : { credits: balance, fresh }),
    async refreshBalance() {
      refreshes += 1;
      const read = opts.serviceBalance === undefined ? balance : opts.serviceBalance;
      if (read === null) return null;
      [balance, fresh] = [read, true];
      return read;
    },
    async noteSpent(credits) {
      if (balance !== null) balance -= credits;
    },
    maxChars: 40,
  });
  // Every ask names the one service, unless a test names another.
  const ask = (input: Omit<TranslateInput, 'service'> & { service?: string }) => translator.translateText({ service: SERVICE, ...input });
  return { calls, translator: { translateText: ask }, balance: () => balance, refreshes: () => refreshes };
}

/** The answer as a finished translation (fails the test when it is a question). */
async function translated(answer: Promise<TranslationAnswer>): Promise<TranslationResult> {
  const value = await answer;
  if (value.status !== 'translated') throw new Error(`expected a translation, got ${JSON.stringify(value)}`);
  return value;
}

// Errors are worded from public/_locales/en, as in an English browser.
beforeEach(() => useEnglishMessages());

describe('createTranslator', () => {
  beforeEach(resetStorage);

  it('translates, reports cost and balance, and serves the second identical request from the cache', async () => {
    const service = fakeService();
    const first = await translated(service.translator.translateText({ text: '  Hello there, friend.  ', target: 'es' }));
    expect(first).toEqual({
      status: 'translated',
      translation: '[Spanish] Hello there, friend.',
      sourceLanguage: 'en',
      sourceName: 'English',
      targetLanguage: 'es',
      cost: 2,
      cached: false,
      balance: 998,
    });
    expect(service.calls).toEqual([{ text: 'Hello there, friend.', target_language: 'Spanish' }]);

    const second = await service.translator.translateText({ text: 'Hello there, friend.', target: 'es' });
    expect(second).toMatchObject({ translation: first.translation, cost: 0, cached: true, balance: 998 });
    expect(service.calls).toHaveLength(1);

    // Another target or an explicit source is another translation.
    await service.translator.translateText({ text: 'Hello there, friend.', target: 'fr' });
    await service.translator.translateText({ text: 'Hello there, friend.', target: 'es', source: 'en' });
    expect(service.calls).toHaveLength(3);
    expect(service.calls[2]).toEqual({ text: 'Hello there, friend.', target_language: 'Spanish', source_language: 'English' });
  });

  it('refuses empty text and unknown targets without a request', async () => {
    const service = fakeService();
    await expect(service.translator.translateText({ text: ' \n ', target: 'es' })).rejects.toMatchObject({ kind: 'invalidRequest' });
    await expect(service.translator.translateText({ text: 'Hi', target: 'xx' })).rejects.toMatchObject({ kind: 'invalidRequest' });
    expect(service.calls).toHaveLength(0);
  });

  it('refuses before any request when the known balance is below the cost, naming both', async () => {
    const service = fakeService({ balance: 2 });
    const error = await service.translator.translateText({ text: 'x'.repeat(25), target: 'es' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ kind: 'insufficientCredits' });
    expect((error as Error).message).toMatch(/enough credits.*costs 3 credits.*balance is 2.*Top up/);
    expect(service.calls).toHaveLength(0);
    // A short balance is read again before refusing: the service confirmed it.
    expect(service.refreshes()).toBe(1);
  });

  it('sends when the balance is unknown and cannot be read, and passes the service’s 402 through', async () => {
    const refusal = new ServiceError('insufficientCredits', "You don't have enough credits for this.", { status: 402 });
    const service = fakeService({ balance: null, serviceBalance: null, fail: () => refusal });
    await expect(service.translator.translateText({ text: 'Hello', target: 'es' })).rejects.toBe(refusal);
    expect(service.calls).toHaveLength(1);
    expect(await getHistory()).toEqual([]);
  });

  it('splits long text, joins it with its paragraphs, and charges per request', async () => {
    const service = fakeService();
    const text = 'First paragraph is here.\n\nSecond paragraph, a bit longer. It has two sentences.';
    const result = await translated(service.translator.translateText({ text, target: 'de' }));
    expect(service.calls.map((c) => c.text)).toEqual(['First paragraph is here.', 'Second paragraph, a bit longer.', 'It has two sentences.']);
    expect(result.translation).toBe(
      '[German] First paragraph is here.\n\n[German] Second paragraph, a bit longer. [German] It has two sentences.',
    );
    expect(result.cost).toBe(3 + 4 + 3);
    expect(service.balance()).toBe(1000 - 10);
  });

  it('keeps the parts already paid for when a later part fails, so a retry pays only the rest', async () => {
    const service = fakeService({ fail: (_req, call) => (call === 2 ? new ServiceError('server', 'Boom') : null) });
    const text = 'First paragraph is here.\n\nSecond paragraph is here.';
    await expect(service.translator.translateText({ text, target: 'de' })).rejects.toMatchObject({ kind: 'server' });
    const retry = await translated(service.translator.translateText({ text, target: 'de' }));
    expect(service.calls.map((c) => c.text)).toEqual(['First paragraph is here.', 'Second paragraph is here.', 'Second paragraph is here.']);
    expect(retry.cost).toBe(3);
    expect(retry.cached).toBe(false);
  });

  it('keeps translations of one service from being served for another', async () => {
    const service = fakeService();
    const first = await translated(service.translator.translateText({ text: 'Hello there.', target: 'es' }));
    // Same service, written another way: a hit.
    expect(await translated(service.translator.translateText({ service: `${SERVICE}/api/v1/`, text: 'Hello there.', target: 'es' }))).toMatchObject({ cached: true, cost: 0 });
    const other = await translated(service.translator.translateText({ service: 'https://other.test', text: 'Hello there.', target: 'es' }));
    expect(other).toMatchObject({ cached: false, cost: first.cost });
    expect(service.calls).toHaveLength(2);
  });

  it('records history locally, newest first', async () => {
    const service = fakeService();
    await service.translator.translateText({ text: 'Hello', target: 'es' });
    await service.translator.translateText({ text: 'Goodbye', target: 'fr' });
    const history = await getHistory();
    expect(history.map((h) => [h.sourceText, h.targetLanguage, h.cost])).toEqual([['Goodbye', 'fr', 1], ['Hello', 'es', 1]]);
  });

  it('reports a detected language it does not know by the name the service gave', async () => {
    const translator = createTranslator({
      translate: async () => ({ translation: 'x', source_language: 'Klingon' }),
      getBalance: async () => null,
      refreshBalance: async () => null,
      noteSpent: async () => undefined,
    });
    expect(await translator.translateText({ service: SERVICE, text: 'Qapla’', target: 'en' })).toMatchObject({ sourceLanguage: null, sourceName: 'Klingon' });
  });

  it('stops between parts when cancelled', async () => {
    const controller = new AbortController();
    const service = fakeService({ fail: () => (controller.abort(), null) });
    const text = 'First paragraph is here.\n\nSecond paragraph is here.';
    await expect(service.translator.translateText({ text, target: 'de', signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(service.calls).toHaveLength(1);
  });
});

describe('createTranslator, the balance it checks against', () => {
  beforeEach(resetStorage);
  const text = 'x'.repeat(25); // 3 credits

  it('uses a fresh balance that is enough without asking the service', async () => {
    const service = fakeService({ balance: 100 });
    await translated(service.translator.translateText({ text, target: 'es' }));
    expect([service.refreshes(), service.calls.length]).toEqual([0, 1]);
  });

  it('reads a short balance again, so a user who topped up is not refused', async () => {
    const service = fakeService({ balance: 2, serviceBalance: 500 });
    const result = await translated(service.translator.translateText({ text, target: 'es' }));
    expect([service.refreshes(), service.calls.length]).toEqual([1, 1]);
    expect(result.balance).toBe(497);
  });

  it('reads a stale balance again before paying, and refuses on what the service says', async () => {
    const service = fakeService({ balance: 1000, fresh: false, serviceBalance: 1 });
    await expect(service.translator.translateText({ text, target: 'es' })).rejects.toMatchObject({ kind: 'insufficientCredits' });
    expect([service.refreshes(), service.calls.length]).toEqual([1, 0]);
  });

  it('reads an unknown balance before paying', async () => {
    const service = fakeService({ balance: null, serviceBalance: 50 });
    const result = await translated(service.translator.translateText({ text, target: 'es' }));
    expect([service.refreshes(), result.balance]).toEqual([1, 47]);
  });

  it('asks nothing of the service for a translation from the cache', async () => {
    const service = fakeService({ balance: 100 });
    await service.translator.translateText({ text, target: 'es' });
    const stale = fakeService({ balance: 0, fresh: false });
    expect(await translated(stale.translator.translateText({ text, target: 'es' }))).toMatchObject({ cost: 0, cached: true });
    expect(stale.refreshes()).toBe(0);
  });
});

describe('createTranslator, above the confirmation threshold', () => {
  beforeEach(resetStorage);
  const text = 'x'.repeat(25); // 3 credits

  it('sends nothing and asks, with the cost, when the cost is above the threshold', async () => {
    const service = fakeService();
    expect(await service.translator.translateText({ text, target: 'es', confirmAbove: 2 })).toEqual({ status: 'confirm', cost: 3 });
    expect(service.calls).toHaveLength(0);
    expect(await getHistory()).toEqual([]);
  });

  it('sends once the user approved that cost, and at or below the threshold without asking', async () => {
    const service = fakeService();
    expect(await translated(service.translator.translateText({ text, target: 'es', confirmAbove: 2, approvedCost: 3 }))).toMatchObject({ cost: 3 });
    expect(await translated(service.translator.translateText({ text, target: 'fr', confirmAbove: 3 }))).toMatchObject({ cost: 3 });
    expect(service.calls).toHaveLength(2);
  });

  it('asks again when the approval is for less than the cost', async () => {
    const service = fakeService();
    expect(await service.translator.translateText({ text, target: 'es', confirmAbove: 0, approvedCost: 2 })).toMatchObject({ status: 'confirm' });
    expect(service.calls).toHaveLength(0);
  });

  it('refuses a translation the balance cannot pay rather than asking to approve it', async () => {
    const service = fakeService({ balance: 2 });
    await expect(service.translator.translateText({ text, target: 'es', confirmAbove: 1 })).rejects.toMatchObject({ kind: 'insufficientCredits' });
  });

  it('never asks about a translation the cache serves for free', async () => {
    const service = fakeService();
    await service.translator.translateText({ text, target: 'es' });
    expect(await translated(service.translator.translateText({ text, target: 'es', confirmAbove: 0 }))).toMatchObject({ cost: 0, cached: true });
  });
});

describe('createTranslator, withdrawn', () => {
  beforeEach(resetStorage);

  it('sends nothing when withdrawn before its turn', async () => {
    const service = fakeService();
    const controller = new AbortController();
    controller.abort();
    await expect(service.translator.translateText({ text: 'Hello', target: 'es', signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(service.calls).toHaveLength(0);
  });
});

describe('createTranslator, identical requests at once', () => {
  beforeEach(resetStorage);

  it('pays once: the second waits for the first and is served from the cache', async () => {
    const service = fakeService();
    const [a, b] = await Promise.all([
      translated(service.translator.translateText({ text: 'Hello', target: 'es' })),
      translated(service.translator.translateText({ text: 'Hello', target: 'es' })),
    ]);
    expect(service.calls).toHaveLength(1);
    expect([a.cached, b.cached]).toEqual([false, true]);
    expect(b.cost).toBe(0);
  });

  it('a failure is the answer to both: the second is not sent again by itself (the service may have charged the first)', async () => {
    const charged = new ServiceError('server', 'The service charged and then failed.', { mayBeCharged: true });
    const service = fakeService({ fail: (_, call) => (call === 1 ? charged : null) });
    const [a, b] = await Promise.allSettled([
      service.translator.translateText({ text: 'Hello', target: 'es' }),
      service.translator.translateText({ text: 'Hello', target: 'es' }),
    ]);
    expect([a.status, b.status]).toEqual(['rejected', 'rejected']);
    expect((b as PromiseRejectedResult).reason).toBe(charged);
    expect(service.calls).toHaveLength(1);
    // Asked again afterwards (the user's Retry), it is sent.
    await translated(service.translator.translateText({ text: 'Hello', target: 'es' }));
    expect(service.calls).toHaveLength(2);
  });

  it('one withdrawn by its own asker is still sent for the other', async () => {
    const stop = new AbortController();
    stop.abort();
    const service = fakeService();
    const [a, b] = await Promise.allSettled([
      service.translator.translateText({ text: 'Hello', target: 'es', signal: stop.signal }),
      translated(service.translator.translateText({ text: 'Hello', target: 'es' })),
    ]);
    expect([a.status, b.status]).toEqual(['rejected', 'fulfilled']);
    expect(service.calls).toHaveLength(1);
  });
});
