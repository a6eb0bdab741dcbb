import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useEnglishMessages } from '../i18n.test-helpers';

/** Every /translate the service was sent. */
let translated: string[] = [];
const TEXT = 'The morning was cool and bright, and the road ran long beside the river. '.repeat(3).trim();

beforeEach(async () => {
  fakeBrowser.reset();
  useEnglishMessages();
  translated = [];
  await fakeBrowser.storage.local.set({ apiKey: 'k', settings: { serviceUrl: 'https://tts.test', confirmAboveCredits: 5 } });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (new URL(url).pathname.endsWith('/user')) return Response.json({ user: { id: 'usr_1', email: 'a@b.c', credits: 10_000, plan: 'pro' } });
    const { text } = JSON.parse(String(init!.body)) as { text: string };
    translated.push(text);
    return Response.json({ success: true, translation: `[es] ${text}`, source_language: 'en', target_language: 'es' });
  });
});
afterEach(() => vi.unstubAllGlobals());

const load = async () => {
  vi.resetModules();
  return (await import('./translation')).translate;
};

describe('translate: consent by the question’s token', () => {
  it('above the threshold sends nothing and answers with the figure and a token; agreeing with it sends once', async () => {
    const translate = await load();
    const asked = await translate({ text: TEXT, target: 'es' }, 7);
    expect(asked).toMatchObject({ status: 'confirm', cost: Math.ceil(TEXT.length / 10), token: expect.any(String) });
    expect(translated).toEqual([]);
    if (asked.status !== 'confirm') throw new Error('asked');
    expect(await translate({ text: TEXT, target: 'es', agreed: asked.token }, 7)).toMatchObject({ status: 'translated', translation: `[es] ${TEXT}` });
    expect(translated).toEqual([TEXT]);
  });

  it('a token answers only its own question: another tab, another text or language, or a second use is refused and sends nothing', async () => {
    const translate = await load();
    // Another text than the first test's (its translation is cached now, and free).
    const TEXT = 'A heron looked across at a line of fishing huts before the rain began, and waited.';
    const token = async () => {
      const asked = await translate({ text: TEXT, target: 'es' }, 7);
      if (asked.status !== 'confirm') throw new Error('not asked');
      return asked.token;
    };
    const expired = { kind: 'invalidRequest', message: expect.stringMatching(/./) };
    await expect(translate({ text: TEXT, target: 'es', agreed: await token() }, 8)).rejects.toMatchObject(expired);
    await expect(translate({ text: TEXT, target: 'es', agreed: await token() })).rejects.toMatchObject(expired);
    await expect(translate({ text: `${TEXT} More.`, target: 'es', agreed: await token() }, 7)).rejects.toMatchObject(expired);
    await expect(translate({ text: TEXT, target: 'fr', agreed: await token() }, 7)).rejects.toMatchObject(expired);
    const once = await token();
    await translate({ text: TEXT, target: 'es', agreed: once }, 7);
    expect(translated).toHaveLength(1);
    // The cache answers the same translation now; a new text with a used token is refused.
    await expect(translate({ text: `${TEXT} Again.`, target: 'es', agreed: once }, 7)).rejects.toMatchObject(expired);
    expect(translated).toHaveLength(1);
  });
});

describe('translate what the user wrote: and back into their language, to check it', () => {
  // Each test writes another text: the translation cache outlives a test.
  let n = 0;
  let WRITTEN = '';
  beforeEach(() => {
    n += 1;
    WRITTEN = `Thank you for the seeds, they came up in week ${n} and the bees love them.`;
  });
  const forwardCost = () => Math.ceil(WRITTEN.length / 10);
  // The translation back is of the Spanish, at most 1.6 times as long as what was written.
  const bound = () => Math.ceil((WRITTEN.length * 1.6) / 10);
  const setUp = (settings: Record<string, unknown>) =>
    fakeBrowser.storage.local.set({ apiKey: 'k', settings: { serviceUrl: 'https://tts.test', targetLanguage: 'en', ...settings } });

  it('within the threshold, the translation and its translation back are sent, one after the other, and shown with one figure', async () => {
    await setUp({ confirmAboveCredits: 200 });
    const translate = await load();
    const answer = await translate({ text: WRITTEN, target: 'es', written: true }, 7);
    expect(translated).toEqual([WRITTEN, `[es] ${WRITTEN}`]);
    expect(answer).toMatchObject({ status: 'translated', translation: `[es] ${WRITTEN}`, cost: forwardCost(), back: { status: 'translated', translation: `[es] [es] ${WRITTEN}`, target: 'en', cost: Math.ceil((WRITTEN.length + 5) / 10), cached: false } });
    // Asked again: both from the cache, nothing paid twice.
    expect(await translate({ text: WRITTEN, target: 'es', written: true }, 7)).toMatchObject({ cost: 0, back: { status: 'translated', cost: 0, cached: true } });
    expect(translated).toHaveLength(2);
  });

  it('above the threshold the question\'s figure covers the way back at its longest; agreeing sends both and nothing more', async () => {
    await setUp({ confirmAboveCredits: forwardCost() });
    const translate = await load();
    const asked = await translate({ text: WRITTEN, target: 'es', written: true }, 7);
    expect(asked).toEqual({ status: 'confirm', cost: forwardCost() + bound(), token: expect.any(String), backTo: 'en' });
    expect(translated).toEqual([]);
    if (asked.status !== 'confirm') throw new Error('asked');
    const answer = await translate({ text: WRITTEN, target: 'es', written: true, agreed: asked.token }, 7);
    expect(answer).toMatchObject({ status: 'translated', back: { status: 'translated' } });
    expect(translated).toHaveLength(2);
  });

  it('turned off in the options, only the translation is sent and the figure is its own', async () => {
    await setUp({ confirmAboveCredits: 0, writeBack: false });
    const translate = await load();
    expect(await translate({ text: WRITTEN, target: 'es', written: true }, 7)).toEqual({ status: 'confirm', cost: forwardCost(), token: expect.any(String) });
  });

  it('a translation that came back longer than any runs is not sent back beyond what was agreed: the answer holds its own question', async () => {
    await setUp({ confirmAboveCredits: forwardCost() + bound() });
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (new URL(url).pathname.endsWith('/user')) return Response.json({ user: { id: 'usr_1', email: 'a@b.c', credits: 10_000, plan: 'pro' } });
      const { text } = JSON.parse(String(init!.body)) as { text: string };
      translated.push(text);
      // A service that pads its answer to three times the length.
      return Response.json({ success: true, translation: `${text} ${text} ${text}`, source_language: 'en', target_language: 'es' });
    });
    const translate = await load();
    const answer = await translate({ text: WRITTEN, target: 'es', written: true }, 7);
    expect(translated).toEqual([WRITTEN]);
    if (answer.status !== 'translated' || answer.back?.status !== 'confirm') throw new Error(`no question: ${JSON.stringify(answer)}`);
    const { token, cost, target, source } = answer.back;
    expect([cost, target, source]).toEqual([Math.ceil(answer.translation.length / 10), 'en', 'es']);
    // Agreeing to that figure sends the translation back, once.
    expect(await translate({ text: answer.translation, target, source, agreed: token }, 7)).toMatchObject({ status: 'translated', cost });
    expect(translated).toEqual([WRITTEN, answer.translation]);
  });

  it('the translation back failing leaves the translation, paid for, shown with why', async () => {
    await setUp({ confirmAboveCredits: 200 });
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (new URL(url).pathname.endsWith('/user')) return Response.json({ user: { id: 'usr_1', email: 'a@b.c', credits: 10_000, plan: 'pro' } });
      const { text } = JSON.parse(String(init!.body)) as { text: string };
      translated.push(text);
      if (translated.length > 1) return Response.json({ success: false, error: 'Bad request' }, { status: 400 });
      return Response.json({ success: true, translation: `[es] ${text}`, source_language: 'en', target_language: 'es' });
    });
    const translate = await load();
    expect(await translate({ text: WRITTEN, target: 'es', written: true }, 7)).toMatchObject({ status: 'translated', translation: `[es] ${WRITTEN}`, back: { status: 'failed', error: { message: expect.stringMatching(/./) } } });
  });
});

describe('translateAhead: what the user wrote, asked for by the worker before the bubble asks', () => {
  const TEXT = 'Could you water the tomatoes while I am away next week?';
  const setUp = (confirmAboveCredits: number) =>
    fakeBrowser.storage.local.set({ apiKey: 'k', settings: { serviceUrl: 'https://tts.test', targetLanguage: 'en', writeBack: false, confirmAboveCredits } });
  const load = async () => {
    vi.resetModules();
    return import('./translation');
  };

  it('the bubble\'s request under the same id gets that answer with its cost, and nothing is sent twice', async () => {
    await setUp(200);
    const { translate, translateAhead } = await load();
    const ahead = translateAhead({ text: TEXT, target: 'es', written: true, requestId: 'ahead-1' }, 7, 0);
    const answer = await translate({ text: TEXT, target: 'es', written: true, requestId: 'ahead-1' }, 7);
    await ahead;
    expect(answer).toMatchObject({ status: 'translated', cost: Math.ceil(TEXT.length / 10), cached: false });
    expect(translated).toEqual([TEXT]);
  });

  it('above the threshold nothing is sent and no question is held; the bubble asks as always', async () => {
    await setUp(1);
    const { translate, translateAhead } = await load();
    await translateAhead({ text: `${TEXT} Thanks.`, target: 'es', written: true, requestId: 'ahead-2' }, 7, 0);
    expect(translated).toEqual([]);
    expect(await translate({ text: `${TEXT} Thanks.`, target: 'es', written: true, requestId: 'ahead-2' }, 7)).toMatchObject({ status: 'confirm', token: expect.any(String) });
    expect(translated).toEqual([]);
  });

  it('the bubble withdrawing its request withdraws the one asked ahead while it waits its turn', async () => {
    await setUp(200);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (new URL(url).pathname.endsWith('/user')) return Response.json({ user: { id: 'usr_1', email: 'a@b.c', credits: 10_000, plan: 'pro' } });
      await held;
      const { text } = JSON.parse(String(init!.body)) as { text: string };
      translated.push(text);
      return Response.json({ success: true, translation: `[es] ${text}`, source_language: 'en', target_language: 'es' });
    });
    const { cancelTranslation, translate, translateAhead } = await load();
    const text = `${TEXT} Soon.`;
    const ahead = translateAhead({ text, target: 'es', written: true, requestId: 'ahead-3' }, 7, 0);
    const bubble = translate({ text, target: 'es', written: true, requestId: 'ahead-3' }, 7);
    cancelTranslation('ahead-3', 7);
    release();
    await ahead;
    await bubble.catch(() => undefined);
    expect(translated).toEqual([]);
  });
});
