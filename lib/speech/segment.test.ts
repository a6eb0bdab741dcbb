import { describe, expect, it } from 'vitest';
import { SEGMENT_WINDOW, splitSentences, type Sentence } from './segment';

const texts = (s: Sentence[]) => s.map((x) => x.text);

/** Every sentence must be an exact, trimmed slice of the original. */
function expectExactOffsets(original: string, sentences: Sentence[]) {
  let previousEnd = 0;
  for (const s of sentences) {
    expect(original.slice(s.start, s.end)).toBe(s.text);
    expect(s.text).toBe(s.text.trim());
    expect(s.text.length).toBeGreaterThan(0);
    expect(s.start).toBeGreaterThanOrEqual(previousEnd);
    previousEnd = s.end;
  }
}

describe('splitSentences', () => {
  it('keeps English abbreviations, initials and decimals inside sentences', () => {
    const text =
      'Mr. Smith met Dr. Jones at St. Paul’s. He paid $3.50 for version 1.2.3 of the app! ' +
      'J. R. R. Tolkien wrote it, e.g. The Hobbit. The U.S. Army came at 5 p.m. on Monday. ' +
      'See Fig. 4 and No. 7 in Vol. 2. Acme Inc. Announced profits vs. Last year.';
    const s = splitSentences(text, 'en-US');
    expect(texts(s)).toEqual([
      'Mr. Smith met Dr. Jones at St. Paul’s.',
      'He paid $3.50 for version 1.2.3 of the app!',
      'J. R. R. Tolkien wrote it, e.g. The Hobbit.',
      'The U.S. Army came at 5 p.m. on Monday.',
      'See Fig. 4 and No. 7 in Vol. 2.',
      'Acme Inc. Announced profits vs. Last year.',
    ]);
    expectExactOffsets(text, s);
  });

  it('splits on ?, !, ellipses and newlines, and drops blank lines', () => {
    const text = '  Heading\n\n\nWait... What? Really?! Yes.\n  \n';
    const s = splitSentences(text, 'en');
    expect(texts(s)).toEqual(['Heading', 'Wait...', 'What?', 'Really?!', 'Yes.']);
    expectExactOffsets(text, s);
  });

  it('moves a bracket the segmenter left behind to the sentence it opens', () => {
    const text = 'He left. (Dr. Who was there.) Then rain.';
    const s = splitSentences(text, 'en');
    expect(texts(s)).toEqual(['He left.', '(Dr. Who was there.)', 'Then rain.']);
  });

  it('handles French abbreviations', () => {
    const text = 'M. Dupont est arrivé. Mme. Durand aussi, p. ex. Avec sa fille. Bon.';
    const s = splitSentences(text, 'fr-FR');
    expect(texts(s)).toEqual(['M. Dupont est arrivé.', 'Mme. Durand aussi, p. ex. Avec sa fille.', 'Bon.']);
    expectExactOffsets(text, s);
  });

  it('handles German abbreviations and ordinal dates', () => {
    const quoted = '„Komm.“ Er ging.';
    expect(texts(splitSentences(quoted, 'de'))).toEqual(['„Komm.“', 'Er ging.']);
    const text = 'Das ist z. B. Ein Test. Er wohnt in Nr. 5, bzw. Nr. 7 usw. Dr. Müller kam am 3. Mai. Gut.';
    const s = splitSentences(text, 'de');
    expect(texts(s)).toEqual([
      'Das ist z. B. Ein Test.',
      'Er wohnt in Nr. 5, bzw. Nr. 7 usw. Dr. Müller kam am 3. Mai.',
      'Gut.',
    ]);
    expectExactOffsets(text, s);
  });

  it('handles Spanish titles and inverted marks', () => {
    const text = '¿Dónde está la Sra. García? ¡Aquí! El Sr. López llegó.';
    const s = splitSentences(text, 'es');
    expect(texts(s)).toEqual(['¿Dónde está la Sra. García?', '¡Aquí!', 'El Sr. López llegó.']);
    expectExactOffsets(text, s);
  });

  it('splits Japanese (hukumusume-style quotations) without spaces', () => {
    const text =
      'むかしむかし、あるところに、おじいさんとおばあさんが住んでいました。' +
      'おじいさんは山へしばかりに、おばあさんは川へせんたくに行きました。\n' +
      '「おや、大きな桃だこと。」と、おばあさんは言いました。「家へ持って帰りましょう。」\n' +
      'ところが、桃はとても重かったのです。';
    const s = splitSentences(text, 'ja');
    expect(texts(s)).toEqual([
      'むかしむかし、あるところに、おじいさんとおばあさんが住んでいました。',
      'おじいさんは山へしばかりに、おばあさんは川へせんたくに行きました。',
      '「おや、大きな桃だこと。」と、おばあさんは言いました。',
      '「家へ持って帰りましょう。」',
      'ところが、桃はとても重かったのです。',
    ]);
    expectExactOffsets(text, s);
  });

  it('splits Chinese', () => {
    const text = '今天天气很好。我们去公园吧！你好吗？好的，3.5公里不远。他说：“走吧。”她点点头。“好！”';
    const s = splitSentences(text, 'zh-CN');
    expect(texts(s)).toEqual(['今天天气很好。', '我们去公园吧！', '你好吗？', '好的，3.5公里不远。', '他说：“走吧。”', '她点点头。', '“好！”']);
    expectExactOffsets(text, s);
  });

  it('splits Arabic, Urdu and Hebrew (RTL)', () => {
    const ar = 'مرحبا بك في الموقع. كيف حالك؟ أنا بخير! شكرا لك';
    expect(texts(splitSentences(ar, 'ar'))).toEqual(['مرحبا بك في الموقع.', 'كيف حالك؟', 'أنا بخير!', 'شكرا لك']);
    expectExactOffsets(ar, splitSentences(ar, 'ar'));
    const ur = 'یہ ایک جملہ ہے۔ یہ دوسرا ہے؟';
    expect(texts(splitSentences(ur, 'ur'))).toEqual(['یہ ایک جملہ ہے۔', 'یہ دوسرا ہے؟']);
    const he = 'שלום לכולם. מה שלומך? טוב מאוד!';
    expect(texts(splitSentences(he, 'he'))).toEqual(['שלום לכולם.', 'מה שלומך?', 'טוב מאוד!']);
    expectExactOffsets(he, splitSentences(he, 'he'));
  });

  it('round-trips offsets exactly with emoji and surrogate pairs', () => {
    const text = '😀 Emoji first. 𝒜 math letter here!  Then 中文。最后 sentence?';
    const s = splitSentences(text, 'en');
    expect(s.length).toBe(4);
    expectExactOffsets(text, s);
  });

  it('survives an invalid language tag', () => {
    expect(texts(splitSentences('One. Two.', 'not a tag!!'))).toEqual(['One.', 'Two.']);
  });

  it('splits an over-long sentence at the last clause boundary, then a space, then hard', () => {
    const clause = 'word '.repeat(15) + 'end, ';
    const text = clause.repeat(10).trim() + '.';
    const s = splitSentences(text, 'en', { maxChars: 200 });
    expectExactOffsets(text, s);
    for (const x of s) expect(x.text.length).toBeLessThanOrEqual(200);
    expect(s.slice(0, -1).every((x) => x.text.endsWith(','))).toBe(true);

    const spaces = 'abc '.repeat(100).trim();
    const bySpace = splitSentences(spaces, 'en', { maxChars: 50 });
    expectExactOffsets(spaces, bySpace);
    expect(bySpace.every((x) => x.text.length <= 50 && !x.text.includes('ab ') && /^abc/.test(x.text))).toBe(true);

    const solid = 'x'.repeat(120);
    expect(splitSentences(solid, 'en', { maxChars: 50 }).map((x) => x.text.length)).toEqual([50, 50, 20]);

    const ja = 'あ'.repeat(30) + '、' + 'い'.repeat(30) + '、' + 'う'.repeat(30) + '。';
    const jaSplit = splitSentences(ja, 'ja', { maxChars: 70 });
    expect(texts(jaSplit)).toEqual(['あ'.repeat(30) + '、' + 'い'.repeat(30) + '、', 'う'.repeat(30) + '。']);
  });

  it('keeps every sentence within the default 5000 limit', () => {
    const text = 'lorem ipsum dolor sit amet '.repeat(800);
    const s = splitSentences(text, 'en');
    expect(s.length).toBeGreaterThan(1);
    expect(s.every((x) => x.text.length <= 5000)).toBe(true);
    expectExactOffsets(text, s);
  });

  it('does not split a hard cut between surrogate halves', () => {
    const text = '😀'.repeat(30);
    const s = splitSentences(text, 'en', { maxChars: 5 });
    expectExactOffsets(text, s);
    expect(s.every((x) => !/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/.test(x.text))).toBe(true);
  });
});

describe('long text', () => {
  const paragraph = 'The quick brown fox jumps over the lazy dog. Dr. Smith arrived at 7.30 a.m. and left! Did he? ';
  const build = (n: number, every: number, sep: string) => {
    let s = '';
    for (let i = 1; s.length < n; i++) s += paragraph + (i % every === 0 ? sep : '');
    return s;
  };
  /** The whole text segmented at once: the reference the windows must agree with. */
  const whole = (text: string) => splitSentences(text, 'en', { windowChars: Infinity });

  it('is segmented in windows that give the same sentences as the whole text where lines break', () => {
    const text = build(40_000, 5, '\n\n');
    const sentences = splitSentences(text, 'en');
    expect(sentences).toEqual(whole(text));
    for (const s of sentences) expect(text.slice(s.start, s.end)).toBe(s.text);
  });

  it('cuts a window after a sentence when a paragraph is longer than a window', () => {
    const text = build(SEGMENT_WINDOW * 3, 1_000_000, '');
    const sentences = splitSentences(text, 'en');
    // Every sentence ends where the text has a sentence mark: no window cut one in two.
    for (const s of sentences) expect(s.text).toMatch(/[.!?]$/);
    expect(sentences).toEqual(whole(text));
  });

  it('keeps offsets exact across windows, with no line breaks or spaces at all', () => {
    const text = 'x'.repeat(SEGMENT_WINDOW * 2 + 17);
    const sentences = splitSentences(text, 'en');
    expect(sentences.map((s) => s.text).join('')).toBe(text);
  });
});
