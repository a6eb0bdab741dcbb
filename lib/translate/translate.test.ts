import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ServiceError } from '../api/errors';
import { getHistory } from './history';
import { createTranslator, type TranslateRequest } from './translate';

/** A stand-in for the API client that behaves like the emulator: marker per call, cost checked. */
function fakeService(opts: { balance?: number | null; fail?: (req: TranslateRequest, call: number) => Error | null } = {}) {
  const calls: TranslateRequest[] = [];
  let balance = opts.balance === undefined ? 1000 : opts.balance;
  const translator = createTranslator({
    async translate(req) {
      calls.push(req);
      const failure = opts.fail?.(req, calls.length);
      if (failure) throw failure;
      return { translation: `[${req.target_language}] ${req.text}`, source_language: req.source_language ?? 'English', target_language: req.target_language };
    },
    getBalance: async () => balance,
    async noteSpent(credits) {
      if (balance !== null) balance -= credits;
    },
    maxChars: 40,
  });
  return { calls, translator, balance: () => balance };
}

describe('createTranslator', () => {
  beforeEach(() => fakeBrowser.reset());

  it('translates, reports cost and balance, and serves the second identical request from the cache', async () => {
    const service = fakeService();
    const first = await service.translator.translateText({ text: '  Hello there, friend.  ', target: 'es' });
    expect(first).toEqual({
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
    expect((error as Error).message).toMatch(/costs 3 credits.*balance is 2.*Top up/);
    expect(service.calls).toHaveLength(0);
  });

  it('sends when the balance is unknown, and passes the service’s 402 through', async () => {
    const refusal = new ServiceError('insufficientCredits', "You don't have enough credits for this.", { status: 402 });
    const service = fakeService({ balance: null, fail: () => refusal });
    await expect(service.translator.translateText({ text: 'Hello', target: 'es' })).rejects.toBe(refusal);
    expect(service.calls).toHaveLength(1);
    expect(await getHistory()).toEqual([]);
  });

  it('splits long text, joins it with its paragraphs, and charges per request', async () => {
    const service = fakeService();
    const text = 'First paragraph is here.\n\nSecond paragraph, a bit longer. It has two sentences.';
    const result = await service.translator.translateText({ text, target: 'de' });
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
    const retry = await service.translator.translateText({ text, target: 'de' });
    expect(service.calls.map((c) => c.text)).toEqual(['First paragraph is here.', 'Second paragraph is here.', 'Second paragraph is here.']);
    expect(retry.cost).toBe(3);
    expect(retry.cached).toBe(false);
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
      noteSpent: async () => undefined,
    });
    expect(await translator.translateText({ text: 'Qapla’', target: 'en' })).toMatchObject({ sourceLanguage: null, sourceName: 'Klingon' });
  });

  it('stops between parts when cancelled', async () => {
    const controller = new AbortController();
    const service = fakeService({ fail: () => (controller.abort(), null) });
    const text = 'First paragraph is here.\n\nSecond paragraph is here.';
    await expect(service.translator.translateText({ text, target: 'de', signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(service.calls).toHaveLength(1);
  });
});

describe('createTranslator, identical requests at once', () => {
  beforeEach(() => fakeBrowser.reset());

  it('pays once: the second waits for the first and is served from the cache', async () => {
    const service = fakeService();
    const [a, b] = await Promise.all([
      service.translator.translateText({ text: 'Hello', target: 'es' }),
      service.translator.translateText({ text: 'Hello', target: 'es' }),
    ]);
    expect(service.calls).toHaveLength(1);
    expect([a.cached, b.cached]).toEqual([false, true]);
    expect(b.cost).toBe(0);
  });
});
