// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { languageByCode, type Language } from './languages.ts';
import { translateRealistic } from './realistic-translate.ts';
import { startTestEmulator, type TestEmulator } from './test-helpers.ts';
import { translate } from './translate.ts';
import { translateWith } from './translator-mode.ts';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t.emu.close());
beforeEach(async () => {
  await t.control('reset', 'POST');
});

const lang = (code: string): Language => languageByCode(code)!;
const [en, es, fr, de] = [lang('en'), lang('es'), lang('fr'), lang('de')];

async function translated(text: string, target: string, key = 'demo-pro'): Promise<Record<string, unknown>> {
  const res = await t.api('translate', { key, body: { text, target_language: target } });
  expect(res.status).toBe(200);
  return res.json();
}

// Expectations of the phrasebook mode from before the switch existed (translate.test.ts).
const PHRASEBOOK_CASES: Array<[string, string, string]> = [
  ['Hello, thank you!', 'Spanish', '[ES] Hola, gracias!'],
  ['Good morning. The cat and the dog say yes.', 'French', '[FR] Bonjour. Le chat and le chien say oui.'],
  [
    '<p class="intro">Hello <a href="/the cat?x=1&amp;y=2">the cat</a></p>\nline two\n\n  Second paragraph: thank you\r\n\r\nThird',
    'German',
    '[DE] <p class="intro">Hallo <a href="/the cat?x=1&amp;y=2">die Katze</a></p>\nline two\n\n  [DE] Second paragraph: danke\r\n\r\n[DE] Third',
  ],
];

describe('translator mode switch', () => {
  it('defaults to the phrasebook, byte for byte as before', async () => {
    expect(await t.control('translator')).toEqual({ mode: 'phrasebook', accounts: {} });
    for (const [text, target, expected] of PHRASEBOOK_CASES) expect((await translated(text, target)).translation).toBe(expected);
    expect(translateWith('phrasebook', 'Hello <b>the cat</b>!', en, es)).toBe(translate('Hello <b>the cat</b>!', en, es));
  });

  it('realistic for the whole emulator: same response shape, billing and ledger; switched back by DELETE', async () => {
    const on = await t.control('translator', 'POST', { mode: 'realistic' });
    expect(on).toEqual({ ok: true, mode: 'realistic', accounts: {} });
    const text = 'Hello, thank you! Click [[1]] to open {0} in <b>Go</b>.';
    const out = await translated(text, 'Spanish');
    expect(Object.keys(out).sort()).toEqual(['source_language', 'success', 'target_language', 'translation']);
    expect(out).toEqual({ success: true, translation: translateRealistic(text, en, es), source_language: 'English', target_language: 'Spanish' });
    expect(out.translation).not.toMatch(/Hello|thank|Click|\bGo\b|\[ES\]/);
    expect(t.emu.accounts.find((a) => a.key === 'demo-pro')!.credits).toBe(100000 - Math.ceil(text.length / 10));
    expect((await t.control('ledger')).entries).toMatchObject([{ path: '/api/v1/translate', textLength: text.length, credits: Math.ceil(text.length / 10) }]);
    // Every account, and detection still as before.
    expect((await translated('Danke, mein Freund.', 'French', 'demo-enterprise')).source_language).toBe('German');

    expect(await t.control('translator', 'DELETE')).toEqual({ ok: true, mode: 'phrasebook', accounts: {} });
    for (const [text, target, expected] of PHRASEBOOK_CASES) expect((await translated(text, target)).translation).toBe(expected);
  });

  it('per account: only that key gets it, the control reply names the email and never the key; reset clears it', async () => {
    const reply = await t.control('translator', 'POST', { mode: 'realistic', key: 'demo-pro' });
    expect(reply).toEqual({ ok: true, mode: 'phrasebook', accounts: { 'pro@demo.test': 'realistic' } });
    expect(JSON.stringify(reply)).not.toContain('demo-pro');
    const text = 'Good morning. The cat and the dog say yes.';
    expect((await translated(text, 'French')).translation).toBe(translateRealistic(text, en, fr));
    expect((await translated(text, 'French', 'demo-enterprise')).translation).toBe('[FR] Bonjour. Le chat and le chien say oui.');
    // An account's own mode wins over the emulator's.
    await t.control('translator', 'POST', { mode: 'realistic' });
    await t.control('translator', 'POST', { mode: 'phrasebook', key: 'demo-pro' });
    expect((await translated(text, 'German')).translation).toBe(translate(text, en, de));
    expect((await translated(text, 'German', 'demo-enterprise')).translation).toBe(translateRealistic(text, en, de));

    await t.control('reset', 'POST');
    expect(await t.control('translator')).toEqual({ mode: 'phrasebook', accounts: {} });
    expect((await translated(text, 'French')).translation).toBe('[FR] Bonjour. Le chat and le chien say oui.');
  });

  it('rejects an unknown mode (400) and an unknown key (404)', async () => {
    const post = (body: unknown) => fetch(`${t.emu.url}/__emulator/translator`, { method: 'POST', body: JSON.stringify(body) });
    expect((await post({ mode: 'perfect' })).status).toBe(400);
    expect((await post({ mode: 'realistic', key: 'nobody' })).status).toBe(404);
    expect(await t.control('translator')).toEqual({ mode: 'phrasebook', accounts: {} });
  });

  it('the translator option starts an emulator in realistic mode, and DELETE and reset return to it', async () => {
    const other = await startTestEmulator({ translator: 'realistic' });
    try {
      expect(await other.control('translator')).toEqual({ mode: 'realistic', accounts: {} });
      await other.control('translator', 'POST', { mode: 'phrasebook' });
      await other.control('reset', 'POST');
      const res = await other.api('translate', { body: { text: 'Hello, thank you!', target_language: 'Spanish' } });
      expect((await res.json()).translation).toBe(translateRealistic('Hello, thank you!', en, es));
    } finally {
      await other.emu.close();
    }
  });
});
