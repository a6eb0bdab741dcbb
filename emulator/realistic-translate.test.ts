// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LANGUAGES, languageByCode, type Language } from './languages.ts';
import { SHAPED_CODES } from './realistic-languages.ts';
import { mangle, MARKER_RATES, markerFate } from './realistic-markers.ts';
import { hash, reorder, translateRealistic } from './realistic-translate.ts';

const lang = (code: string): Language => languageByCode(code)!;
const en = lang('en');
const TARGETS = LANGUAGES.filter((l) => l.code !== 'en');
const DENSE = new Set(['ja', 'zh', 'ko']);
const WORD = /\p{L}[\p{L}\p{M}]*(?:['’-]\p{L}[\p{L}\p{M}]*)*/gu;

// Glossary-like terms in varied positions: start, middle, end, after a comma, twice, inflected.
const TERMS = ['Go', 'go', 'goes', 'Voxlate', 'GitHub', 'Rust', 'API', 'Firefox ESR', 'Chrome', 'cat'];
const TEMPLATES = [
  '{T} is a language that many teams use.',
  'We wrote the whole service in {T} last year.',
  'Have you tried {T} yet?',
  'The new {T} release ships today, and people love it.',
  'After the update, {T} felt much faster than before.',
  'Nobody expected {T} to win.',
  'Open the settings and choose {T} from the list.',
  'Why does {T} keep asking for permission?',
  'I think {T} and {T} are not the same thing!',
  'She said that the best part of the trip was {T}.',
  'Before you start, read what {T} says about privacy.',
  'Everything works, except {T}.',
  'With {T}, the page reads itself aloud while you cook dinner.',
  'It goes well when {T} goes first.',
  '{T}, {T} and more {T}.',
  'Small teams often prefer {T} because it is simple to learn.',
  'If {T} fails, try again in a minute.',
  'Translate this sentence, but keep {T} exactly as written.',
  'My friend loves {T} more than coffee.',
  'The report about {T} arrived late on Friday evening.',
];
const CORPUS = TEMPLATES.flatMap((t) => TERMS.map((term) => t.replaceAll('{T}', term)));
const MARKERS = ['[[1]]', '{0}', '<x1/>', '__T1__', '⟦1⟧', '%1$s', '<b>', '</b>', '&amp;', '{{name}}', 'T2'];
const MARKED = CORPUS.map((s, i) => {
  const words = s.split(' ');
  const marker = MARKERS[i % MARKERS.length] as string;
  words.splice(1 + (i % (words.length - 1)), 0, marker);
  return { text: words.join(' '), marker };
});

const terminals = (s: string) => (s.match(/[.!?。！？]/gu) ?? []).length;

describe('realistic translation: every word changes', () => {
  it.each(TARGETS.map((t) => [t.name, t]))('no source word comes through into %s (whole words, any case)', (_name, target) => {
    for (const sentence of CORPUS) {
      const out = translateRealistic(sentence, en, target).toLowerCase();
      const outWords = new Set(out.match(WORD));
      for (const word of new Set(sentence.match(WORD))) expect(outWords.has(word.toLowerCase()), `${word} in ${target.code}: ${out}`).toBe(false);
      // Nor inside another word, for words of 3+ letters and capitalised ones ("Go" not in "Gorapa").
      for (const word of (sentence.match(WORD) ?? []).filter((w) => w.length >= 3 || (w.length >= 2 && w !== w.toLowerCase()))) {
        expect(out.includes(word.toLowerCase()), `${word} inside ${out}`).toBe(false);
      }
    }
  });

  it('keeps numbers, URLs and emails verbatim', () => {
    const text = 'Send 42 files to me@example.com or see https://voxlate.test/help?x=1 before 3.5 pm, for $20 or 15%.';
    for (const target of TARGETS) {
      const out = translateRealistic(text, en, target);
      for (const kept of ['42', 'me@example.com', 'https://voxlate.test/help?x=1', '3.5', '$20', '15%']) expect(out, target.code).toContain(kept);
    }
  });

  it('is deterministic, differs per target language, and leaves a same-language request alone', () => {
    const text = CORPUS.slice(0, 30).join(' ');
    expect(translateRealistic(text, en, lang('es'))).toBe(translateRealistic(text, en, lang('es')));
    expect(translateRealistic(text, en, lang('es'))).not.toBe(translateRealistic(text, en, lang('pt')));
    expect(translateRealistic(text, en, en)).toBe(text);
  });

  it('translates from other languages too (Japanese without spaces, German, Russian)', () => {
    const cases: Array<[string, string, string]> = [
      ['猫が好きです。', 'ja', 'en'],
      ['Ich liebe dich, mein Freund.', 'de', 'fr'],
      ['Привет, как дела?', 'ru', 'es'],
    ];
    for (const [text, from, to] of cases) {
      const out = translateRealistic(text, lang(from), lang(to));
      for (const word of text.match(WORD) ?? []) expect(out.toLowerCase(), `${word} → ${out}`).not.toContain(word.toLowerCase());
      expect(terminals(out)).toBe(terminals(text));
    }
    expect(translateRealistic('猫が好きです。', lang('ja'), en).split(' ')).toHaveLength(3);
  });

  it('gives the README examples', () => {
    const examples: Array<[string, string, string]> = [
      ['es', 'Go is a simple language, and Voxlate reads it aloud.', 'Ien een chuto i quueniebo, Ñuefio ge llogas llueas uo.'],
      ['de', 'Click [[1]] to open {0} in <b>Go</b>, or see https://go.dev for 42 examples.', 'Most {0} tost pam Äst < b>ust</b>, ien https://go.dev öer [[1]] 42 wufüger üer.'],
      [
        'ja',
        'She goes home. We go too! Read <span translate="no">Voxlate</span> __T1__ %1$s ⟦2⟧ <x1/> now.',
        'キをムにモは。 シはラはモは！ フを <SPAN TRANSLATE="NO">⟦2⟧ ケを</span> __T1__ %1$s <x1/> ロメムを。',
      ],
    ];
    for (const [code, text, expected] of examples) expect(translateRealistic(text, en, lang(code))).toBe(expected);
  });

  it('has a word shape for every language the emulator knows', () => {
    expect(SHAPED_CODES.sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
  });
});

describe('realistic translation: inflection', () => {
  // "X, <word>, Y." keeps the word in the middle field whatever the word order: its form is
  // picked by its neighbours (X and Y) and its place in the sentence.
  const middle = (word: string, left: string, right: string, code = 'es') =>
    (translateRealistic(`${left}, ${word}, ${right}.`, en, lang(code)).split(/[,、，]\s*/u)[1] as string);
  const NEIGHBOURS = ['alpha', 'river', 'blue', 'seven', 'window', 'quietly', 'under', 'paper'];

  it('the same word comes out in several forms depending on its neighbours', () => {
    for (const code of ['es', 'de', 'ru', 'ja', 'fr']) {
      const forms = new Set(NEIGHBOURS.map((left, i) => middle('Go', left, NEIGHBOURS[(i + 3) % NEIGHBOURS.length] as string, code)));
      expect(forms.size, `${code}: ${[...forms].join(' ')}`).toBeGreaterThanOrEqual(3);
      expect(forms.has('Go')).toBe(false);
    }
  });

  it('"Go", "go" and "goes" differ: case is kept, an English ending shifts the form', () => {
    for (const [left, right] of [['alpha', 'river'], ['blue', 'seven'], ['under', 'paper']] as const) {
      const [title, lower, goes] = [middle('Go', left, right), middle('go', left, right), middle('goes', left, right)];
      expect(title).not.toBe(lower);
      expect(title.toLowerCase()).toBe(lower);
      expect(goes).not.toBe(lower);
    }
  });

  it('a translated term is not found again by a plain search-and-replace of one of its forms', () => {
    const once = middle('Voxlate', 'alpha', 'river');
    const others = NEIGHBOURS.map((left, i) => translateRealistic(`They ${left} Voxlate ${NEIGHBOURS[(i + 5) % NEIGHBOURS.length]} today.`, en, lang('es')));
    expect(others.filter((out) => !out.includes(once)).length, others.join('\n')).toBeGreaterThan(others.length / 2);
  });
});

describe('realistic translation: word order', () => {
  const words = ['I', 'see', 'the', 'cat'];
  it('reorders a clause per language family', () => {
    expect(reorder(words, 'verb-final', (w) => w)).toEqual(['I', 'the', 'cat', 'see']);
    expect(reorder(words, 'free', (w) => w)).toEqual(['I', 'see', 'cat', 'the']);
    expect(reorder(['a', 'b'], 'verb-final', (w) => w)).toEqual(['a', 'b']);
    // Noun-adjective: an "adjective" (a third of words, by hash) swaps with the word after it.
    const nounAdj = reorder(['big', 'red', 'house', 'near', 'the', 'green', 'river'], 'noun-adjective', (w) => w);
    expect(nounAdj).not.toEqual(['big', 'red', 'house', 'near', 'the', 'green', 'river']);
    expect([...nounAdj].sort()).toEqual(['big', 'green', 'house', 'near', 'red', 'river', 'the']);
  });

  it('moves the items of a sentence (numbers show where)', () => {
    expect(translateRealistic('11 22 33 44.', en, lang('de'))).toBe('11 33 44 22.');
    expect(translateRealistic('11 22 33 44.', en, lang('ja'))).toBe('11 33 44 22。');
    expect(translateRealistic('11 22 33 44.', en, lang('ru'))).toBe('11 22 44 33.');
    expect(translateRealistic('11 22 33 44.', en, lang('es'))).toBe('11 22 33 44.'); // only words swap there
  });
});

describe('realistic translation: markers', () => {
  it('fates come at the documented rates', () => {
    const counts = { keep: 0, move: 0, mangle: 0, drop: 0 };
    for (let i = 0; i < 20_000; i++) counts[markerFate(hash('rate', i))]++;
    for (const [fate, rate] of Object.entries(MARKER_RATES)) expect(counts[fate as keyof typeof counts] / 20_000).toBeCloseTo(rate, 1);
  });

  it('mangling always changes a marker, in one of four ways', () => {
    const seen = new Set<string>();
    for (const marker of MARKERS) {
      for (let h = 0; h < 4; h++) {
        const out = mangle(marker, h);
        expect(out, marker).not.toBe(marker);
        seen.add(out);
      }
    }
    expect([...seen]).toEqual(expect.arrayContaining(['[1]', '[[2]]', '[[ 1]]', '{ 0}', '(0)', '< x1/>', '__t1__', '%1$S', '‹b›', '</ b>', 'T3']));
  });

  it('markers do not all survive: about 55 % come back intact (kept or moved), the rest mangled or dropped', () => {
    for (const target of [lang('es'), lang('de'), lang('ja'), lang('ru')]) {
      const intact = MARKED.filter(({ text, marker }) => translateRealistic(text, en, target).includes(marker)).length / MARKED.length;
      expect(intact, target.code).toBeGreaterThan(0.45);
      expect(intact, target.code).toBeLessThan(0.65);
    }
  });

  it('some markers are dropped outright and some are mangled', () => {
    const target = lang('fr');
    const outs = MARKED.map(({ text, marker }) => ({ marker, out: translateRealistic(text, en, target) }));
    const gone = outs.filter(({ out }) => !/[[\]{}<>_⟦⟧%$&]|T\d/u.test(out)); // nothing marker-like left at all
    const mangled = outs.filter(({ out, marker }) => !out.includes(marker) && /[[\]{}<>_⟦⟧%$&‹(]|T\d/u.test(out));
    expect(gone.length / outs.length).toBeGreaterThan(0.07);
    expect(mangled.length / outs.length).toBeGreaterThan(0.2);
  });

  it('translate="no" and notranslate are not honoured: the words inside are translated like any other', () => {
    const text = 'Read <span translate="no">Voxlate</span> and <span class="notranslate">GitHub</span> today.';
    for (const target of TARGETS) {
      const out = translateRealistic(text, en, target);
      expect(out).not.toMatch(/Voxlate|GitHub/);
    }
  });

  it('a line of markers alone is never emptied', () => {
    for (const marker of MARKERS) for (const target of TARGETS) expect(translateRealistic(marker, en, target).trim(), `${marker} ${target.code}`).not.toBe('');
  });
});

describe('realistic translation: structure and length', () => {
  const text = [
    'The first paragraph has two sentences. This is the second one!',
    'A line break inside a paragraph\nstays a line break. Does it?',
    '  Indented third paragraph, with a comma; a semicolon: and a colon.',
  ].join('\n\n');

  it.each(TARGETS.map((t) => [t.name, t]))('keeps paragraphs, line breaks and sentence ends into %s', (_name, target) => {
    const out = translateRealistic(text, en, target);
    expect(out.split('\n\n')).toHaveLength(3);
    expect(out.split('\n')).toHaveLength(text.split('\n').length);
    expect(out.split('\n\n')[2]?.startsWith('  ')).toBe(true);
    expect(terminals(out)).toBe(terminals(text));
    const count = (s: string, code: string) => [...new Intl.Segmenter(code, { granularity: 'sentence' }).segment(s)].length;
    expect(count(out, target.code)).toBe(count(text, target.code)); // Greek reads ';' as a question mark
  });

  it('keeps \\r\\n paragraph separators and blank-line runs byte for byte', () => {
    const out = translateRealistic('One two three.\r\n\r\n\r\nFour five.\r\n', en, lang('de'));
    expect(out.match(/\r\n/g)).toHaveLength(4);
    expect(out).toMatch(/^[^\r\n]+\r\n\r\n\r\n[^\r\n]+\r\n$/);
  });

  it.each(TARGETS.map((t) => [t.name, t]))('stays within the length bounds into %s', (_name, target) => {
    const bound = DENSE.has(target.code) ? 1.2 : 1.5;
    let [from, to] = [0, 0];
    for (const { text } of MARKED) {
      const out = translateRealistic(text, en, target);
      expect([...out].length / [...text].length, out).toBeLessThanOrEqual(bound);
      from += [...text].length;
      to += [...out].length;
    }
    if (!DENSE.has(target.code)) expect(to / from).toBeGreaterThan(0.8);
    expect(to / from).toBeLessThan(DENSE.has(target.code) ? 0.8 : 1.2);
  });
});
