import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { firstRequestText, planChunks, prepareSpeech, type Chunk } from './chunk';
import { splitSentences, type Sentence } from './segment';

/** Deterministic "article": sentences of 6–40 words with realistic word lengths. */
function article(targetChars: number): string {
  const words = ['the', 'service', 'reads', 'articles', 'aloud', 'with', 'a', 'natural', 'voice', 'and',
    'translation', 'between', 'languages', 'is', 'quick', 'for', 'everyone', 'who', 'listens', 'daily'];
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const out: string[] = [];
  let length = 0;
  while (length < targetChars) {
    const n = 6 + Math.floor(rand() * 35);
    const sentence = Array.from({ length: n }, () => words[Math.floor(rand() * words.length)]).join(' ');
    const s = sentence[0]!.toUpperCase() + sentence.slice(1) + (rand() < 0.1 ? '?' : '.');
    out.push(s);
    length += s.length + 1;
  }
  return out.join(' ');
}

function expectCoverage(chunks: Chunk[], sentences: Sentence[]) {
  let next = 0;
  chunks.forEach((c, i) => {
    expect(c.index).toBe(i);
    expect(c.firstSentence).toBe(next);
    expect(c.lastSentence).toBeGreaterThanOrEqual(c.firstSentence);
    expect(c.sentenceOffsets.length).toBe(c.lastSentence - c.firstSentence + 1);
    next = c.lastSentence + 1;
  });
  expect(next).toBe(sentences.length);
}

describe('planChunks', () => {
  it('starts with exactly one sentence, then about two, then grows to the limit', () => {
    const text = article(30_000);
    const sentences = splitSentences(text, 'en');
    const chunks = planChunks(sentences);
    expect(chunks[0]!.firstSentence).toBe(0);
    expect(chunks[0]!.lastSentence).toBe(0);
    expect(chunks[0]!.text).toBe(sentences[0]!.text);
    expect(chunks[1]!.text.length).toBeLessThanOrEqual(300);
    expect(chunks[1]!.lastSentence - chunks[1]!.firstSentence + 1).toBeGreaterThanOrEqual(1);
    for (let i = 2; i < chunks.length - 1; i++) {
      expect(chunks[i]!.text.length).toBeGreaterThanOrEqual(chunks[i - 1]!.text.length * 0.9);
    }
    expect(chunks.every((c) => c.text.length <= 5000)).toBe(true);
    expect(chunks.length).toBeLessThanOrEqual(10);
    expectCoverage(chunks, sentences);
  });

  it('joins sentence text with single spaces and records where each sentence starts', () => {
    const sentences = splitSentences('One. Two two. Three three three. Four.', 'en');
    const chunks = planChunks(sentences, { firstChars: 100 });
    expect(chunks.map((c) => c.text)).toEqual(['One.', 'Two two. Three three three. Four.']);
    const c = chunks[1]!;
    c.sentenceOffsets.forEach((offset, k) => {
      expect(c.text.slice(offset).startsWith(sentences[c.firstSentence + k]!.text)).toBe(true);
    });
  });

  it('never splits a sentence and gives an over-budget sentence its own chunk', () => {
    const sentences = splitSentences(['Short.', 'X'.repeat(900) + '.', 'Tail.', 'End.'].join(' '), 'en');
    const chunks = planChunks(sentences, { firstChars: 300 });
    expect(chunks.map((c) => [c.firstSentence, c.lastSentence])).toEqual([[0, 0], [1, 1], [2, 3]]);
  });

  it('respects a custom maxChars and growth', () => {
    const sentences = splitSentences(article(5000), 'en', { maxChars: 500 });
    const chunks = planChunks(sentences, { maxChars: 500, firstChars: 100, growth: 2 });
    expect(chunks.every((c) => c.text.length <= 500)).toBe(true);
    expectCoverage(chunks, sentences);
  });

  it('counts each sentence as it will be sent: a chunk said with a lengthening pronunciation stays within the limit', () => {
    const text = Array.from({ length: 400 }, (_, i) => `Sentence ${i} is about AI and how AI helps.`).join(' ');
    const say = (sentence: string) => sentence.replace(/\bAI\b/g, 'artificial intelligence');
    const measure = (sentence: string) => say(sentence).length;
    const written = prepareSpeech(text, 'en').chunks;
    // Planned on the written length, a chunk said so goes past the service's 5,000 characters.
    expect(Math.max(...written.map((c) => say(c.text).length))).toBeGreaterThan(5000);
    const fitted = prepareSpeech(text, 'en', { measure }).chunks;
    expect(Math.max(...fitted.map((c) => say(c.text).length))).toBeLessThanOrEqual(5000);
    expect(Math.max(...fitted.map((c) => say(c.text).length))).toBeGreaterThan(4500);
    // Every sentence is still in one chunk, in order, and the first request is still one sentence.
    expect(fitted.map((c) => c.text).join(' ')).toBe(written.map((c) => c.text).join(' '));
    expect(fitted[0]!.lastSentence).toBe(0);
  });

  it('a smaller limit leaves room for a translation: no chunk, nor sentence, of a 40,000-character text is over it', () => {
    const text = article(40_000);
    const chunks = prepareSpeech(text, 'en', { maxChars: Math.floor(5000 / 1.6) }).chunks;
    expect(Math.max(...chunks.map((c) => c.text.length))).toBeLessThanOrEqual(3125);
    // German from English runs up to 35 % longer: every chunk's translation still fits one request.
    expect(Math.max(...chunks.map((c) => Math.ceil(c.text.length * 1.35)))).toBeLessThanOrEqual(5000);
  });

  it('returns nothing for no sentences', () => {
    expect(planChunks([])).toEqual([]);
  });
});

describe('prepareSpeech', () => {
  it('cleans chunk text, drops unspeakable sentences and keeps original offsets', () => {
    const text = 'Hello there!!!!!\n\n* * *\n\n-----\n\nRead https://example.com now. Sooooo good.';
    const { sentences, chunks } = prepareSpeech(text, 'en');
    expect(sentences.map((s) => s.text)).toEqual(['Hello there!!!!!', 'Read https://example.com now.', 'Sooooo good.']);
    for (const s of sentences) expect(text.slice(s.start, s.end)).toBe(s.text);
    expect(chunks.map((c) => c.text)).toEqual(['Hello there!', 'Read link now. Sooo good.']);
    expect(chunks[1]!.firstSentence).toBe(1);
    expect(chunks[1]!.lastSentence).toBe(2);
  });

  it('handles a 30,000-character article in at most 10 requests', () => {
    const { sentences, chunks } = prepareSpeech(article(30_000), 'en');
    expect(chunks.length).toBeLessThanOrEqual(10);
    expect(chunks.every((c) => c.text.length <= 5000)).toBe(true);
    expectCoverage(chunks, sentences);
  });

  it('works for Japanese', () => {
    const text = '「おや。」と言いました。おばあさんは川へ行きました。';
    const { sentences, chunks } = prepareSpeech(text, 'ja');
    expect(sentences.map((s) => s.text)).toEqual(['「おや。」と言いました。', 'おばあさんは川へ行きました。']);
    expect(chunks.length).toBe(2);
  });

  it('returns empty results for empty or unspeakable text', () => {
    expect(prepareSpeech('   ', 'en')).toMatchObject({ sentences: [], spoken: [], sizes: [], chunks: [] });
    expect(prepareSpeech('***** ----- !!!', 'en')).toMatchObject({ sentences: [], spoken: [], sizes: [], chunks: [] });
  });
});

describe('firstRequestText', () => {
  const fixture = (name: string) =>
    readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url), 'utf8')
      .replace(/<(script|style)[\s\S]*?<\/\1>/g, '')
      .replace(/<\/(p|h\d|li|div)>/g, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&[a-z]+;/g, ' ');
  const sources: [string, string][] = [
    ['river.html', 'en'],
    ['pages/german.html', 'de'],
    ['pages/japanese.html', 'ja'],
    ['pages/chinese.html', 'zh'],
    ['pages/rtl.html', 'ar'],
  ];

  it('is the first request of the whole plan, for long texts cut anywhere, with or without line breaks', () => {
    for (const [name, language] of sources) {
      const prose = fixture(name);
      const long = prose.repeat(Math.ceil(30_000 / prose.length));
      for (const start of [0, 17, 501, 2333, 7999]) {
        for (const text of [long.slice(start), long.slice(start).replace(/\s*\n\s*/g, ' ')]) {
          const expected = prepareSpeech(text, language).chunks[0]?.text ?? null;
          const early = firstRequestText(text, language);
          expect(early, `${name} from ${start}`).toBe(expected);
        }
      }
    }
  });

  it('does not need the rest of the text: what follows the first window does not change it', () => {
    const prose = fixture('river.html');
    const head = prose.repeat(Math.ceil(9000 / prose.length));
    const early = firstRequestText(head + 'x'.repeat(50_000), 'en');
    expect(early).toBe(prepareSpeech(head, 'en').chunks[0]!.text);
  });
});

describe('prepareSpeech with the page marks', () => {
  it('drops the lines of a code block after its note, and reads cells with their header', () => {
    const code = 'x = 1\ny = 2';
    const text = `Intro sentence here.\n\n${code}\n\nCity\nParis\n\nThe end.`;
    const at = (s: string) => text.indexOf(s);
    const marks = [
      { from: at(code), to: at(code) + code.length, kind: 'codeBlock' as const },
      { from: at('Paris'), to: at('Paris') + 5, kind: 'cell' as const, label: 'City' },
    ];
    const prepared = prepareSpeech(text, 'en', { marks, aboutCode: false });
    expect(prepared.sentences.map((s) => s.text)).toEqual(['Intro sentence here.', 'x = 1', 'City', 'Paris', 'The end.']);
    expect(prepared.chunks.map((c) => c.text).join(' ')).toBe('Intro sentence here. Code left out. City City: Paris The end.');
    // The first request, planned from the head alone, is the same as the whole plan's.
    const longText = `${code}\n\n${'The rest is prose. '.repeat(400)}`;
    const first = firstRequestText(longText, 'en', { marks: [{ from: 0, to: code.length, kind: 'codeBlock' }] });
    expect(first).toBe(prepareSpeech(longText, 'en', { marks: [{ from: 0, to: code.length, kind: 'codeBlock' }] }).chunks[0]!.text);
    expect(first).toBe('Code left out.');
  });
});
