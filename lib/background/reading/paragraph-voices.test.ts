import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ReadingPlan } from '../../player/contract';
import { longQuotations, opensInReadingVoice, sentenceVoices, splitByVoice } from './paragraph-voices';

const english = 'The harbour was quiet in the early morning, and the boats rocked gently at their moorings.';
const spanish = 'El puerto estaba tranquilo por la mañana temprano, y los barcos se mecían suavemente en sus amarres.';
const text = `${english}\n${spanish}\nShort one.`;
const sentences: [number, number][] = [
  [0, english.length],
  [english.length + 1, english.length + 1 + spanish.length],
  [english.length + spanish.length + 2, text.length],
];
const es = { voiceId: 'es-lucia', language: 'es' };

beforeEach(() => {
  fakeBrowser.reset();
  // The browser's detector: Spanish for the Spanish paragraph, French for the French quotation, English otherwise.
  fakeBrowser.i18n.detectLanguage = vi.fn(async (sample: string) => ({
    isReliable: true,
    languages: [{ language: sample.startsWith('El ') ? 'es' : sample.startsWith('Le ') ? 'fr' : 'en', percentage: 99 }],
  })) as never;
});

describe('paragraphs in another language', () => {
  it('gives the sentences of a paragraph clearly in another language the voice for it; short paragraphs keep the reading\'s', async () => {
    const voiceFor = vi.fn(async (language: string) => (language === 'es' ? es : null));
    expect(await sentenceVoices(text, sentences, 'en', voiceFor)).toEqual([null, es, null]);
    expect(voiceFor).toHaveBeenCalledTimes(1);
  });

  it('a language the service has no voice for keeps the reading\'s voice', async () => {
    expect(await sentenceVoices(text, sentences, 'en', async () => null)).toEqual([null, null, null]);
  });

  it('cuts a chunk where the voice changes, each part sent with its language and voice, the sentences\' offsets kept', () => {
    const joined = `${english} ${spanish} Short one.`;
    const plan: ReadingPlan = {
      sessionId: 's',
      params: { voiceId: 'en-amelia', language: 'en', speed: 1, format: 'mp3' },
      sentenceCount: 3,
      title: 'Harbour',
      chunks: [{ index: 0, text: joined, firstSentence: 0, lastSentence: 2, sentenceOffsets: [0, english.length + 1, english.length + spanish.length + 2] }],
    };
    const split = splitByVoice(plan, [null, es, null]);
    expect(split.chunks).toEqual([
      { index: 0, text: english, firstSentence: 0, lastSentence: 0, sentenceOffsets: [0] },
      { index: 1, text: spanish, firstSentence: 1, lastSentence: 1, sentenceOffsets: [0], original: es },
      { index: 2, text: 'Short one.', firstSentence: 2, lastSentence: 2, sentenceOffsets: [0] },
    ]);
    expect(splitByVoice(plan, [null, null, null])).toBe(plan);
  });
});

/** `parts` joined by spaces, with each part's offsets: one sentence each. */
function sentencesOf(...parts: string[]): { text: string; sentences: [number, number][] } {
  const sentences: [number, number][] = [];
  let text = '';
  for (const part of parts) {
    if (text) text += part.startsWith('\n') ? '' : ' ';
    const start = text.length + (part.startsWith('\n') ? 1 : 0);
    text += part;
    sentences.push([start, text.length]);
  }
  return { text, sentences };
}

const fr = { voiceId: 'fr-camille', language: 'fr' };
const voiceFor = async (language: string) => (language === 'es' ? es : language === 'fr' ? fr : null);
const before = 'The old captain wrote these words in his log before he went to bed.';
const quoted = ["«Le vent s'est levé avant l'aube, et nous avons dû rentrer au port.", 'La mer devenait trop dangereuse pour les petits bateaux.»'];
const after = 'Nobody in the village was surprised.';

describe('long quotations in another language', () => {
  it('gives the sentences inside a long quotation clearly in another language the voice for it; those around it keep the reading\'s', async () => {
    const { text, sentences } = sentencesOf(before, ...quoted, after);
    expect(await sentenceVoices(text, sentences, 'en', voiceFor)).toEqual([null, fr, fr, null]);
  });

  it('a sentence mostly outside the quotation keeps the reading\'s voice, one mostly inside takes the quotation\'s', async () => {
    const told = 'And then the captain told everyone who would listen in the tavern that same long night that he had written';
    const { text, sentences } = sentencesOf(`${told} «Le vent s'est levé avant l'aube, et nous avons dû rentrer au port bien trop tôt.»`, after);
    expect(await sentenceVoices(text, sentences, 'en', voiceFor)).toEqual([null, null]);
    const short = sentencesOf(`He wrote: «Le vent s'est levé avant l'aube, et nous avons dû rentrer au port bien trop tôt.»`, after);
    expect(await sentenceVoices(short.text, short.sentences, 'en', voiceFor)).toEqual([fr, null]);
  });

  it('a sentence in a quotation inside another takes the inner one\'s voice', async () => {
    const { text, sentences } = sentencesOf(
      before,
      '“El capitán escribió estas palabras en su cuaderno aquella misma noche, antes de dormir.',
      "‘Le vent s'est levé avant l'aube, et nous avons dû rentrer au port bien trop tôt.’”",
      after,
    );
    expect(await sentenceVoices(text, sentences, 'en', voiceFor)).toEqual([null, es, fr, null]);
  });

  it('a short quotation or a foreign word keeps its sentence\'s voice, and is not even sent to the detector', async () => {
    const { text, sentences } = sentencesOf(before, `He shouted «Le vent se lève!» and ran down to the harbour to see the boats.`, after);
    expect(await sentenceVoices(text, sentences, 'en', voiceFor)).toEqual([null, null, null]);
    expect(vi.mocked(fakeBrowser.i18n.detectLanguage)).toHaveBeenCalledTimes(1);
  });

  it('a quotation in the reading\'s language, or in one the service has no voice for, keeps the reading\'s voice', async () => {
    const { text, sentences } = sentencesOf(before, '“The wind rose before dawn, and we had to come back to the harbour.', 'The sea was too rough for the small boats.”', after);
    expect(await sentenceVoices(text, sentences, 'en', voiceFor)).toEqual([null, null, null, null]);
    const french = sentencesOf(before, ...quoted, after);
    expect(await sentenceVoices(french.text, french.sentences, 'en', async () => null)).toEqual([null, null, null, null]);
  });

  it('a paragraph already in another language is read in its voice throughout, its quotations not looked at', async () => {
    const { text, sentences } = sentencesOf(spanish, ...quoted, `\n${before}`);
    expect(await sentenceVoices(text, sentences, 'en', voiceFor)).toEqual([es, es, es, null]);
    expect(vi.mocked(fakeBrowser.i18n.detectLanguage)).toHaveBeenCalledTimes(2);
  });

  it('finds quotations in the marks of many languages, the one inside another too, and no apostrophe ends one', () => {
    const inside = "Le vent s’est levé avant l’aube et nous avons dû rentrer au port, trop tôt.";
    for (const [open, close] of [['“', '”'], ['„', '“'], ['„', '”'], ['”', '”'], ['«', '»'], ['»', '«'], ['»', '»'], ['‘', '’'], ['‚', '‘'], ['"', '"'], ['「', '」'], ['『', '』'], ['《', '》'], ['‹', '›']]) {
      const text = `He wrote ${open}${inside}${close} and slept.`;
      expect(longQuotations(text, 0, text.length), `${open}…${close}`).toEqual([{ span: [9, 9 + inside.length + 2], inside }]);
    }
    const nested = `He said “${'x'.repeat(10)} ‘${inside}’ ${'y'.repeat(10)}” and slept.`;
    expect(longQuotations(nested, 0, nested.length).map((q) => q.inside)).toEqual([inside, `${'x'.repeat(10)} ‘${inside}’ ${'y'.repeat(10)}`]);
    // Left open at the paragraph's end, or too short: none.
    expect(longQuotations(`He wrote «${inside}`, 0, 10 + inside.length)).toEqual([]);
    expect(longQuotations('He wrote «Le vent» and slept.', 0, 29)).toEqual([]);
  });
});

describe('whether a text opens in the reading\'s voice (its first request may leave before the plan)', () => {
  const french = 'Le vent s’est levé avant l’aube et nous avons dû rentrer au port avant la tempête.';
  it('is so for a first paragraph in its language without a foreign quotation, not otherwise', async () => {
    expect(await opensInReadingVoice(text, 'en')).toBe(true);
    expect(await opensInReadingVoice(`${spanish}\n${english}`, 'en')).toBe(false);
    expect(await opensInReadingVoice(`The captain wrote: «${french}» Then he slept.\n${english}`, 'en')).toBe(false);
    // A foreign quotation further on does not hold the first request back.
    expect(await opensInReadingVoice(`${english}\nThe captain wrote: «${french}»`, 'en')).toBe(true);
  });
});

describe('parts the page declares in another language (lang on an element)', () => {
  const hola = '¡Hola! ¿Qué tal?';
  const short = `${english}\n${hola}\n${english}`;
  const shortSentences: [number, number][] = [
    [0, english.length],
    [english.length + 1, english.length + 1 + hola.length],
    [english.length + hola.length + 2, short.length],
  ];
  const declaredSpanish = [{ from: english.length + 1, to: english.length + 1 + hola.length, kind: 'lang' as const, label: 'es' }];

  it('a paragraph declared in another language is read in its voice however short, the others keep the reading\'s', async () => {
    const voiceFor = vi.fn(async (language: string) => (language === 'es' ? es : null));
    expect(await sentenceVoices(short, shortSentences, 'en', voiceFor, declaredSpanish)).toEqual([null, es, null]);
    // Undeclared, too short to tell: the reading's voice.
    expect(await sentenceVoices(short, shortSentences, 'en', voiceFor)).toEqual([null, null, null]);
  });

  it('the declaration gives way when the detector is sure of another language; code and cell marks are no declaration', async () => {
    const voiceFor = vi.fn(async (language: string) => (language === 'es' ? es : language === 'fr' ? { voiceId: 'fr-lea', language: 'fr' } : null));
    // An English paragraph mislabelled Spanish: the detector is sure it is English.
    const mislabelled = [{ from: 0, to: english.length, kind: 'lang' as const, label: 'es' }];
    expect(await sentenceVoices(text, sentences, 'en', voiceFor, mislabelled)).toEqual([null, es, null]);
    const cells = [{ from: english.length + 1, to: english.length + 1 + hola.length, kind: 'cell' as const, label: 'es' }];
    expect(await sentenceVoices(short, shortSentences, 'en', voiceFor, cells)).toEqual([null, null, null]);
    // A declared language the service has no voice for keeps the reading's.
    const german = [{ ...declaredSpanish[0]!, label: 'de' }];
    expect(await sentenceVoices(short, shortSentences, 'en', voiceFor, german)).toEqual([null, null, null]);
  });

  it('a long passage declared inside a paragraph takes its voice for the sentences mostly in it; a declared word does not', async () => {
    const passage = 'Le jardin qu’il faut cultiver, dit-il enfin, est le nôtre, et nous rentrâmes.';
    const paragraph = `He closed the book. ${passage} Then he slept soundly.`;
    const at = paragraph.indexOf(passage);
    const parts: [number, number][] = [
      [0, at - 1],
      [at, at + passage.length],
      [at + passage.length + 1, paragraph.length],
    ];
    const fr = { voiceId: 'fr-lea', language: 'fr' };
    const voiceFor = async (language: string) => (language === 'fr' ? fr : null);
    expect(await sentenceVoices(paragraph, parts, 'en', voiceFor, [{ from: at, to: at + passage.length, kind: 'lang', label: 'fr' }])).toEqual([null, fr, null]);
    const word = paragraph.indexOf('jardin');
    expect(await sentenceVoices(paragraph, parts, 'en', voiceFor, [{ from: word, to: word + 6, kind: 'lang', label: 'fr' }])).toEqual([null, null, null]);
  });

  it('a text opening with a paragraph declared in another language waits for the plan; a declared word does not hold it back', async () => {
    const opening = [{ from: 0, to: hola.length, kind: 'lang' as const, label: 'es' }];
    expect(await opensInReadingVoice(`${hola}\n${english}`, 'en', opening)).toBe(false);
    expect(await opensInReadingVoice(`${hola}\n${english}`, 'en')).toBe(true);
    expect(await opensInReadingVoice(text, 'en', [{ from: 4, to: 11, kind: 'lang', label: 'es' }])).toBe(true);
  });
});
