// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUIRED_LANGUAGE_CODES } from './languages.ts';
import { detectLanguage } from './translate.ts';
import { startTestEmulator, type TestEmulator } from './test-helpers.ts';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t.emu.close());

const translate = async (body: object) => {
  const res = await t.api('translate', { key: 'demo-enterprise', body });
  expect(res.status).toBe(200);
  return res.json();
};

describe('translate', () => {
  it('returns exactly the contract fields with canonical names', async () => {
    const out = await translate({ text: 'Hello, thank you!', target_language: 'sPaNiSh' });
    expect(out).toEqual({ success: true, translation: '[ES] Hola, gracias!', source_language: 'English', target_language: 'Spanish' });
  });

  it('is deterministic', async () => {
    const body = { text: 'Good morning. The cat and the dog say yes.', target_language: 'French' };
    const a = await translate(body);
    expect(await translate(body)).toEqual(a);
    expect(a.translation).toBe('[FR] Bonjour. Le chat and le chien say oui.');
  });

  it('keeps markup verbatim and preserves paragraphs and line breaks', async () => {
    const text = '<p class="intro">Hello <a href="/the cat?x=1&amp;y=2">the cat</a></p>\nline two\n\n  Second paragraph: thank you\r\n\r\nThird';
    const out = await translate({ text, target_language: 'German' });
    expect(out.translation).toBe(
      '[DE] <p class="intro">Hallo <a href="/the cat?x=1&amp;y=2">die Katze</a></p>\nline two\n\n  [DE] Second paragraph: danke\r\n\r\n[DE] Third',
    );
    expect(out.translation.split(/\n\s*\n/)).toHaveLength(3);
  });

  it('uses a given source language and translates between non-English languages', async () => {
    const out = await translate({ text: 'Merci', source_language: 'french', target_language: 'Japanese' });
    expect(out).toMatchObject({ translation: '[JA] ありがとう', source_language: 'French', target_language: 'Japanese' });
  });

  it.each([
    ['猫が好きです。ありがとう', 'Japanese'],
    ['我爱你', 'Chinese'],
    ['안녕하세요', 'Korean'],
    ['مرحبا بالعالم', 'Arabic'],
    ['Привет, как дела?', 'Russian'],
    ['नमस्ते दुनिया', 'Hindi'],
    ['Γεια σας', 'Greek'],
    ['שלום עולם', 'Hebrew'],
    ['Hola, gracias por todo', 'Spanish'],
    ['Bonjour, je suis content et vous?', 'French'],
    ['Guten Morgen, wie geht es dir?', 'German'],
    ['Ciao, grazie per il libro', 'Italian'],
    ['Olá, você não é um gato', 'Portuguese'],
    ['Merhaba, teşekkür ederim', 'Turkish'],
    ['Dzień dobry, dziękuję', 'Polish'],
    ['Goedemorgen, hoe gaat het met je', 'Dutch'],
    ['Hej, hur mår du? Tack!', 'Swedish'],
    ['The weather is nice today', 'English'],
    ['12345 ???', 'English'],
  ])('detects %s as %s', async (text, name) => {
    expect(detectLanguage(text).name).toBe(name);
  });

  it('reports the detected source language', async () => {
    expect((await translate({ text: 'Danke', target_language: 'English' })).source_language).toBe('German');
  });
});

describe('voices', () => {
  it('has a female and a male voice in each of the 16 required languages, and more languages', async () => {
    const res = await t.api('voices');
    expect(res.status).toBe(200);
    const { voices } = await res.json();
    for (const code of REQUIRED_LANGUAGE_CODES) {
      const genders = voices.filter((v: { language: string }) => v.language === code).map((v: { gender: string }) => v.gender);
      expect(genders, code).toEqual(expect.arrayContaining(['female', 'male']));
    }
    expect(new Set(voices.map((v: { language: string }) => v.language)).size).toBeGreaterThan(16);
    expect(new Set(voices.map((v: { id: string }) => v.id)).size).toBe(voices.length);
    for (const v of voices) {
      expect(Object.keys(v).sort()).toEqual(['gender', 'id', 'language', 'name', 'preview_url']);
      expect(v.preview_url).toBe(`${t.emu.url}/samples/${v.id}.mp3`);
    }
    expect(voices[0]).toMatchObject({ id: 'en-amelia', name: 'Amelia', language: 'en', gender: 'female' });
  });

  it('pads the list to 1,000 voices for the demo-voices account', async () => {
    const { voices } = await (await t.api('voices', { key: 'demo-voices' })).json();
    expect(voices).toHaveLength(1000);
    expect(new Set(voices.map((v: { id: string }) => v.id)).size).toBe(1000);
  });

  it('builds preview URLs from the host the client used', async () => {
    const res = await fetch(`http://localhost:${t.emu.port}/api/v1/voices`, { headers: { Authorization: 'Bearer demo-pro' } }).catch(() => null);
    if (!res) return; // localhost may resolve to ::1 only on some hosts; the emulator binds 127.0.0.1
    const { voices } = await res.json();
    expect(voices[0].preview_url).toBe(`http://localhost:${t.emu.port}/samples/en-amelia.mp3`);
  });
});
