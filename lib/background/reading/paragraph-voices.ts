import { baseCode, detectLanguage } from '../../language';
import type { PlannedChunk, ReadingPlan, SpeechParams } from '../../player/contract';
import type { TextMark } from '../../text-marks';

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
 * The language of a part the page declares in `declared` (a `lang` on its element) when it is not
 * the reading's: the declaration is believed, however short the part, unless the detector is sure
 * of another language; null when that language is the reading's.
 */
async function declaredOtherLanguage(part: string, declared: string, reading: string): Promise<string | null> {
  const detected = part.length >= MIN_PARAGRAPH_CHARS ? await detectLanguage(part, null, '') : '';
  const language = detected || declared;
  return language !== baseCode(reading) ? language : null;
}

/** The part the page declares in another language that holds all of text[start, end) (a paragraph), or undefined. */
function declaredAround(declared: readonly TextMark[], start: number, end: number): TextMark | undefined {
  return declared.find((mark) => mark.from <= start && mark.to >= end);
}

/** The language of text[start, end) (a paragraph) when clearly not the reading's, by its declaration or the detector. */
function paragraphLanguage(text: string, [start, end]: readonly [number, number], reading: string, declared: readonly TextMark[]): Promise<string | null> {
  const paragraph = text.slice(start, end).trim();
  const mark = declaredAround(declared, start, end);
  return mark?.label ? declaredOtherLanguage(paragraph, mark.label, reading) : otherLanguage(paragraph, reading);
}

/** The marks of parts a page declares in another language than its own. */
function languageMarks(marks: readonly TextMark[] | undefined): TextMark[] {
  return (marks ?? []).filter((mark) => mark.kind === 'lang' && mark.label);
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
 * language (nor declared in one by the page's `marks`), nor holds a long quotation that is. (Else
 * its first request waits for the plan, which knows the voice: a request sent early in the wrong
 * voice would be paid for and not heard.)
 */
export async function opensInReadingVoice(text: string, reading: string, marks?: readonly TextMark[]): Promise<boolean> {
  const end = text.indexOf('\n') === -1 ? text.length : text.indexOf('\n');
  const declared = languageMarks(marks);
  if (await paragraphLanguage(text, [0, end], reading, declared)) return false;
  // A long passage in it declared in another language is read in that language's voice.
  if (declared.some((mark) => mark.from < end && mark.to - mark.from >= MIN_PARAGRAPH_CHARS && mark.label !== baseCode(reading))) return false;
  const quoted = await Promise.all(longQuotations(text, 0, end).map(({ inside }) => otherLanguage(inside, reading)));
  return quoted.every((language) => language === null);
}

/**
 * The voice each sentence of `text` is read in when it sits in a paragraph clearly in another
 * language than the reading's, or, in a paragraph of the reading's language, when most of it lies
 * in a long quotation clearly in another (null: the reading's own voice; a short quotation or a
 * foreign word keeps its sentence's). A part the page declares in another language (a `lang`
 * mark) is believed unless the detector is sure of another: a paragraph declared so, however
 * short, and a long passage declared so inside a paragraph. `voiceFor` is the user's voice for a
 * language, or null when the service has none for it (the part then keeps the reading's).
 */
export async function sentenceVoices(
  text: string,
  sentences: readonly [number, number][],
  reading: string,
  voiceFor: (language: string) => Promise<Voice | null>,
  marks?: readonly TextMark[],
): Promise<(Voice | null)[]> {
  const voices: (Voice | null)[] = sentences.map(() => null);
  const declared = languageMarks(marks);
  const paragraphs: [number, number][] = [];
  for (let start = 0; start < text.length; ) {
    const end = text.indexOf('\n', start) === -1 ? text.length : text.indexOf('\n', start);
    // A short paragraph is too little text to tell, unless the page says which language it is in.
    if (end - start >= MIN_PARAGRAPH_CHARS || (end > start && declaredAround(declared, start, end))) paragraphs.push([start, end]);
    start = end + 1;
  }
  // All at once: the browser's detector answers each in about a millisecond, side by side.
  const languages = await Promise.all(paragraphs.map((paragraph) => paragraphLanguage(text, paragraph, reading, declared)));
  // Then the long quotations and long declared passages of the paragraphs not in another
  // language, all at once too.
  const inReadingLanguage = paragraphs.filter((_, n) => !languages[n]);
  const quotations = inReadingLanguage.flatMap(([start, end]) => longQuotations(text, start, end));
  const passages = declared.filter(
    (mark) => mark.to - mark.from >= MIN_PARAGRAPH_CHARS && inReadingLanguage.some(([start, end]) => mark.from < end && mark.to > start && !declaredAround([mark], start, end)),
  );
  const quoted = await Promise.all([
    ...quotations.map(({ inside }) => otherLanguage(inside, reading)),
    ...passages.map((mark) => declaredOtherLanguage(text.slice(mark.from, mark.to), mark.label!, reading)),
  ]);
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
  const spans: [number, number][] = [...quotations.map((q) => q.span), ...passages.map((mark): [number, number] => [mark.from, mark.to])];
  const foreign = spans.map((span, n) => ({ span, language: quoted[n] })).sort((a, b) => b.span[1] - b.span[0] - (a.span[1] - a.span[0]));
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
