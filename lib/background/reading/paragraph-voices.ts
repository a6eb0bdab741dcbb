import { baseCode, detectLanguage } from '../../language';
import type { PlannedChunk, ReadingPlan, SpeechParams } from '../../player/contract';

/** A paragraph shorter than this keeps the reading's voice: too little text to tell its language. */
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
 * The voice each sentence of `text` is read in when it sits in a paragraph clearly in another
 * language than the reading's (null: the reading's own voice). `voiceFor` is the user's voice for a
 * language, or null when the service has none for it (the paragraph then keeps the reading's).
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
  const byLanguage = new Map<string, Promise<Voice | null>>();
  for (const [n, language] of languages.entries()) {
    if (!language) continue;
    if (!byLanguage.has(language)) byLanguage.set(language, voiceFor(language).catch(() => null));
    const voice = await byLanguage.get(language)!;
    const [start, end] = paragraphs[n]!;
    if (voice) sentences.forEach(([from], i) => from >= start && from < end && (voices[i] = voice));
  }
  return voices;
}

/**
 * A reading's chunks cut where the voice changes (a paragraph in another language): each part is
 * a request of its own, sent with its language and heard in its voice (the chunk's `original`).
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
