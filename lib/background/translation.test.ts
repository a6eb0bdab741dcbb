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
