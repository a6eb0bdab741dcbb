import { baseCode, detectLanguage } from '../../language';
import type { PlannedChunk, ReadingPlan, SpeechParams } from '../../player/contract';

/** A paragraph (or a quotation, inside its marks) shorter than this keeps the reading's voice: too little text to tell its language. */
const MIN_PARAGRAPH_CHARS = 60;

type Voice = Pick<SpeechParams, 'voiceId' | 'language'>;

/**
 * The language a paragraph is clearly written in when it is not the reading's, detected on the
 * device (no credits); null when it is the reading's, too short to tell, or not clear.
 */
export async function otherLanguage(paragraph: string, reading: string): Promise<string | null> {
  if (paragraph.length < MIN_PARAGRAPH_CHARS) return null;
  // No hint and no fallback: '' unless the detector is sure.
  const language = await detectLanguage(paragraph, null, '');
  return language && language !== baseCode(reading) ? language : null;
}

/**
 * The closing marks of each opening quotation mark, as languages write them: “…”, „…“, „…”, ”…”,
 * «…», »…«, »…», ‘…’, ‚…‘, ‹…›, "…", 「…」, 『…』, 《…》, 〈…〉, 〝…〞, ＂…＂.
 */
const CLOSERS: Readonly<Record<string, string>> = {
  '“': '”',
  '„': '“”',
  '”': '”',
  '«': '»',
  '»': '«»',
  '‘': '’',
  '‚': '‘’',
  '‹': '›',
  '›': '‹›',
  '"': '"',
  '「': '」',
  '『': '』',
  '《': '》',
  '〈': '〉',
  '〝': '〞〟',
  '＂': '＂',
};

/**
 * The quotations of text[start, end) with at least MIN_PARAGRAPH_CHARS characters inside their
 * marks: `span` from the opening mark to the closing one (included), `inside` between them. A
 * quotation may hold another (“… ‘…’ …”); one left open at the paragraph's end is none.
 */
export function longQuotations(text: string, start: number, end: number): { span: [number, number]; inside: string }[] {
  const found: { span: [number, number]; inside: string }[] = [];
  const open: number[] = [];
  for (let i = start; i < end; i++) {
    const mark = text[i]!;
    // ’ between two letters is an apostrophe (s’est, don’t), not the end of a quotation.
    const apostrophe = mark === '’' && /\p{L}/u.test(text[i - 1] ?? '') && /\p{L}/u.test(text[i + 1] ?? '');
    // The innermost quotation this mark closes (one left open inside it is dropped).
    let closes = open.length - 1;
    while (closes >= 0 && (apostrophe || !CLOSERS[text[open[closes]!]!]!.includes(mark))) closes--;
    if (closes >= 0) {
      const from = open[closes]!;
      open.length = closes;
      const inside = text.slice(from + 1, i).trim();
      if (inside.length >= MIN_PARAGRAPH_CHARS) found.push({ span: [from, i + 1], inside });
    } else if (mark in CLOSERS) {
      open.push(i);
    }
  }
  return found;
}

/**
 * Whether a text opens in the reading's own voice: its first paragraph is not clearly in another
 * language, nor holds a long quotation that is. (Else its first request waits for the plan, which
 * knows the voice: a request sent early in the wrong voice would be paid for and not heard.)
 */
export async function opensInReadingVoice(text: string, reading: string): Promise<boolean> {
  const end = text.indexOf('\n') === -1 ? text.length : text.indexOf('\n');
  if (await otherLanguage(text.slice(0, end).trim(), reading)) return false;
  const quoted = await Promise.all(longQuotations(text, 0, end).map(({ inside }) => otherLanguage(inside, reading)));
  return quoted.every((language) => language === null);
}

/**
 * The voice each sentence of `text` is read in when it sits in a paragraph clearly in another
 * language than the reading's, or, in a paragraph of the reading's language, when most of it lies
 * in a long quotation clearly in another (null: the reading's own voice; a short quotation or a
 * foreign word keeps its sentence's). `voiceFor` is the user's voice for a language, or null when
 * the service has none for it (the paragraph or quotation then keeps the reading's).
 */
export async function sentenceVoices(
  text: string,
  sentences: readonly [number, number][],
  reading: string,
  voiceFor: (language: string) => Promise<Voice | null>,
): Promise<(Voice | null)[]> {
  const voices: (Voice | null)[] = sentences.map(() => null);
  const paragraphs: [number, number][] = [];
  for (let start = 0; start < text.length; ) {
    const end = text.indexOf('\n', start) === -1 ? text.length : text.indexOf('\n', start);
    if (end - start >= MIN_PARAGRAPH_CHARS) paragraphs.push([start, end]);
    start = end + 1;
  }
  // All at once: the browser's detector answers each in about a millisecond, side by side.
  const languages = await Promise.all(paragraphs.map(([start, end]) => otherLanguage(text.slice(start, end).trim(), reading)));
  // Then the long quotations of the paragraphs not in another language, all at once too.
  const quotations = paragraphs.flatMap(([start, end], n) => (languages[n] ? [] : longQuotations(text, start, end)));
  const quoted = await Promise.all(quotations.map(({ inside }) => otherLanguage(inside, reading)));
  const byLanguage = new Map<string, Promise<Voice | null>>();
  const voiceOf = (language: string) => {
    if (!byLanguage.has(language)) byLanguage.set(language, voiceFor(language).catch(() => null));
    return byLanguage.get(language)!;
  };
  for (const [n, language] of languages.entries()) {
    if (!language) continue;
    const voice = await voiceOf(language);
    const [start, end] = paragraphs[n]!;
    if (voice) sentences.forEach(([from], i) => from >= start && from < end && (voices[i] = voice));
  }
  // The longest first: a sentence in a quotation inside another takes the inner one's voice.
  const foreign = quotations.map((q, n) => ({ ...q, language: quoted[n] })).sort((a, b) => b.span[1] - b.span[0] - (a.span[1] - a.span[0]));
  for (const { span, language } of foreign) {
    if (!language) continue;
    const voice = await voiceOf(language);
    if (!voice) continue;
    sentences.forEach(([from, to], i) => {
      // Inside: most of the sentence's characters lie within the quotation's marks.
      if (2 * (Math.min(to, span[1]) - Math.max(from, span[0])) > to - from) voices[i] = voice;
    });
  }
  return voices;
}

/**
 * A reading's chunks cut where the voice changes (a paragraph or a long quotation in another
 * language): each part is a request of its own, sent with its language and heard in its voice
 * (the chunk's `original`).
 */
export function splitByVoice(plan: ReadingPlan, voices: readonly (Voice | null)[]): ReadingPlan {
  if (voices.every((v) => v === null)) return plan;
  const same = (a: Voice | null, b: Voice | null) => a?.voiceId === b?.voiceId && a?.language === b?.language;
  const chunks = plan.chunks.flatMap((chunk): PlannedChunk[] => {
    const parts: PlannedChunk[] = [];
    let from = 0;
    for (let i = 1; i <= chunk.sentenceOffsets.length; i++) {
      const s = chunk.firstSentence + i;
      if (i < chunk.sentenceOffsets.length && same(voices[s] ?? null, voices[s - 1] ?? null)) continue;
      const begin = chunk.sentenceOffsets[from]!;
      const text = chunk.text.slice(begin, chunk.sentenceOffsets[i] ?? chunk.text.length).trimEnd();
      const voice = voices[chunk.firstSentence + from] ?? null;
      parts.push({
        index: 0,
        text,
        firstSentence: chunk.firstSentence + from,
        lastSentence: chunk.firstSentence + i - 1,
        sentenceOffsets: chunk.sentenceOffsets.slice(from, i).map((o) => o - begin),
        ...(chunk.speed === undefined ? {} : { speed: chunk.speed }),
        ...(voice ? { original: { voiceId: voice.voiceId, language: voice.language } } : {}),
      });
      from = i;
    }
    return parts;
  });
  return { ...plan, chunks: chunks.map((c, index) => ({ ...c, index })) };
}
