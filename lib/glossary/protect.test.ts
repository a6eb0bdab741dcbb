import { describe, expect, it } from 'vitest';
import { languageByCode } from '../../emulator/languages';
import { translateRealistic } from '../../emulator/realistic-translate';
import { termsToProtect } from './match';
import { assemble, planProtection, ProtectionError, protectionFigure, translateProtected, type TranslateTexts } from './protect';
import { entry } from './entry.test-helpers';

const lang = (code: string) => languageByCode(code)!;
/** The emulator's realistic translator, one call a batch, counting the calls. */
function realistic(target: string) {
  const sent: string[][] = [];
  const translate: TranslateTexts = async (texts) => {
    sent.push(texts);
    return texts.map((t) => translateRealistic(t, lang('en'), lang(target)));
  };
  return { translate, sent };
}

const glossary = [entry('Go'), entry('GitHub'), entry('Firefox ESR'), entry('cat', { translate: { mode: 'fixed', text: null, byTarget: { de: 'Katze', ja: '猫' } } })];
const place = (target: string) => ({ language: 'en', site: null, target });

describe('protecting terms by construction', () => {
  it('sends the text around the terms, never the terms or a marker, in one call', async () => {
    const text = 'Go is simple, and GitHub hosts it.';
    const { translate, sent } = realistic('de');
    const out = await translateProtected(text, termsToProtect(text, glossary, place('de')), translate, 'de');
    expect(sent).toEqual([['is simple, and', 'hosts it.']]);
    expect(out.startsWith('Go ')).toBe(true);
    expect(out).toContain(' GitHub ');
    expect(translateRealistic(text, lang('en'), lang('de'))).not.toContain('GitHub'); // what happens without protection
  });

  it('shows a fixed translation per target, and the term once for each time it was written', async () => {
    const text = 'My cat likes Go. Her cat likes Go too!';
    const { translate } = realistic('de');
    const out = await translateProtected(text, termsToProtect(text, glossary, place('de')), translate, 'de');
    expect(out.match(/Katze/gu)).toHaveLength(2);
    expect(out.match(/\bGo\b/gu)).toHaveLength(2);
    expect(out).not.toMatch(/\bcat\b/u);
  });

  it('leaves the verb "go" to the translator', async () => {
    const text = 'We go to Go meetups.';
    const matches = termsToProtect(text, glossary, place('es'));
    expect(matches.map((m) => m.found)).toEqual(['Go']);
    const out = await translateProtected(text, matches, realistic('es').translate, 'es');
    expect(out.match(/Go/gu)).toHaveLength(1);
  });

  it('writes no space between a term and Japanese, and Japanese punctuation beside a term', async () => {
    const text = 'I like my cat. It uses Firefox ESR.';
    const out = await translateProtected(text, termsToProtect(text, glossary, place('ja')), realistic('ja').translate, 'ja');
    expect(out).toContain('猫。');
    expect(out).toMatch(/[\p{Script=Katakana}\p{Script=Hiragana}]猫/u);
    expect(out.endsWith('Firefox ESR。')).toBe(true);
  });

  it('keeps paragraph breaks out of the pieces, so one answer splits back into one per piece', () => {
    const plan = planProtection('First GitHub line.\n\nSecond one, GitHub.', termsToProtect('First GitHub line.\n\nSecond one, GitHub.', glossary, place('de')));
    expect(plan.pieces).toEqual(['First', 'line.', 'Second one,']);
    expect(assemble(plan, ['Erste', 'Zeile.', 'Zweite,'], 'de')).toBe('Erste GitHub Zeile.\n\nZweite, GitHub.');
  });

  it('sends nothing when the text is only terms and punctuation, and the text as it is when nothing matched', async () => {
    const { translate, sent } = realistic('de');
    expect(await translateProtected('GitHub, Go!', termsToProtect('GitHub, Go!', glossary, place('de')), translate, 'de')).toBe('GitHub, Go!');
    expect(sent).toEqual([]);
    await translateProtected('Hello there.', [], translate, 'de');
    expect(sent).toEqual([['Hello there.']]);
  });

  it('fails with a kind when the translator loses a piece', async () => {
    const text = 'Go is simple, and GitHub hosts it.';
    await expect(translateProtected(text, termsToProtect(text, glossary, place('de')), async () => ['eins'], 'de')).rejects.toEqual(new ProtectionError('piecesLost'));
  });
});

describe('the figure before the spend', () => {
  it('counts the requests and characters the pieces take, against the text as it is', () => {
    const text = 'Go is simple, and GitHub hosts it.';
    const figure = protectionFigure(text, termsToProtect(text, glossary, place('de')));
    // 'is simple, and' (14) + '\n\n' + 'hosts it.' (9) = 25, against 34.
    expect(figure).toEqual({
      protected: { requests: 1, requestCharacters: [25], characters: 25 },
      plain: { requests: 1, requestCharacters: [34], characters: 34 },
      extraRequests: 0,
      extraCharacters: -9,
    });
  });

  it('is what translateProtected then sends', async () => {
    const text = 'My cat likes Go and GitHub, and so do I. 😀 Firefox ESR too.';
    const matches = termsToProtect(text, glossary, place('de'));
    const { translate, sent } = realistic('de');
    await translateProtected(text, matches, translate, 'de');
    const figure = protectionFigure(text, matches);
    expect(figure.protected.requests).toBe(sent.length);
    expect(figure.protected.characters).toBe([...sent.flat().join('\n\n')].length);
  });

  it('counts more requests when the pieces do not fit in one', () => {
    const text = `${'word '.repeat(10)}GitHub ${'more '.repeat(10)}`;
    const figure = protectionFigure(text, termsToProtect(text, glossary, place('de')), 60);
    expect(figure.protected.requests).toBe(2);
    expect(figure.plain.requests).toBe(1);
    expect(figure.extraRequests).toBe(1);
  });
});
