import { chunkParams, type PlannedChunk, type ReadingPlan, type SpeechParams } from '../../player/contract';
import type { Settings } from '../../settings/schema';
import { translationCostOfParts } from '../../translate/cost';
import type { SpeechEstimate } from '../speech-price';
import { describeEstimate, estimateSpeech, estimateSpeechOfLengths } from '../spend/questions';
import { translationGrowthBound } from '../../translate/growth';
import { paragraphsOf } from './translated';
import { formatNumber, t, uiLocale } from '../../i18n';
import { languageNameIn } from '../../language';

/** How much slower a learner's repeat is played (the same audio, stretched: nothing bought again). */
export const REPEAT_SLOWER = 0.75;

/**
 * Marks where a chunk of a reading heard in another language goes from one paragraph of `text` to
 * the next: the space joining the two sentences becomes a line break (same length: the sentences'
 * offsets hold), so each paragraph is translated on its own (translated.ts).
 */
export function markParagraphs(plan: ReadingPlan, text: string, sentences: readonly [number, number][]): ReadingPlan {
  const chunks = plan.chunks.map((chunk) => {
    let marked = chunk.text;
    for (let j = 1; j < chunk.sentenceOffsets.length; j++) {
      const before = sentences[chunk.firstSentence + j - 1];
      const after = sentences[chunk.firstSentence + j];
      const at = chunk.sentenceOffsets[j]! - 1;
      if (before && after && text.slice(before[1], after[0]).includes('\n') && marked[at] === ' ') marked = `${marked.slice(0, at)}\n${marked.slice(at + 1)}`;
    }
    return marked === chunk.text ? chunk : { ...chunk, text: marked };
  });
  return { ...plan, chunks };
}

/** A chunk cut down to one of its sentences (the plan's numbering of sentences kept). */
function sentencesOf(chunk: PlannedChunk): PlannedChunk[] {
  return chunk.sentenceOffsets.flatMap((start, i) => {
    const text = chunk.text.slice(start, chunk.sentenceOffsets[i + 1] ?? chunk.text.length).trim();
    const sentence = chunk.firstSentence + i;
    return text ? [{ index: 0, text, firstSentence: sentence, lastSentence: sentence, sentenceOffsets: [0] }] : [];
  });
}

/**
 * A reading heard in another language, laid out as the user chose to hear it (settings `listen`):
 * the translation only (the plan as it is); or sentence by sentence, the original in `original`'s
 * voice before or after its translation; or a learner's way: each sentence's translation, a pause,
 * and the same audio again slower. A sentence's original, or its translation, is one request each
 * whatever the mode: a repeat asks for exactly the same audio (the cache answers it).
 */
export async function planForListening(
  plan: ReadingPlan,
  listen: Settings['listen'],
  /** The voice of the original's language (asked only when the original is heard). */
  originalVoice: () => Promise<Pick<SpeechParams, 'voiceId' | 'language'>>,
): Promise<ReadingPlan> {
  if (listen.mode === 'translation') return plan;
  const withOriginal = listen.mode === 'original-first' || listen.mode === 'translation-first';
  const voice = withOriginal ? await originalVoice() : null;
  const asWritten = voice ? { original: { voiceId: voice.voiceId, language: voice.language } } : {};
  const pause = listen.pauseSec > 0 ? { pauseAfterSec: listen.pauseSec } : {};
  const heard = (s: PlannedChunk): PlannedChunk[] => {
    switch (listen.mode) {
      case 'original-first':
        return [{ ...s, ...asWritten }, s];
      case 'translation-first':
        return [s, { ...s, ...asWritten }];
      default:
        return listen.repeatSlower ? [{ ...s, ...pause }, { ...s, slower: REPEAT_SLOWER, ...pause }] : [{ ...s, ...pause }];
    }
  };
  const chunks = plan.chunks.flatMap(sentencesOf).flatMap(heard);
  return { ...plan, chunks: chunks.map((c, index) => ({ ...c, index })) };
}

/** A request's text as sent for its speech in `language`: the user's pronunciations applied (said.ts). */
export type SaidText = (text: string, language: string) => Promise<string>;

/** The language a reading heard in another language is written in (when known) and heard in. */
export interface HeardIn {
  source: string | null;
  target: string;
  /** How many times longer the glossary's "say as" can make a translation when spoken (said.ts heardAsSaid); absent: 1. */
  said?: number;
}

/**
 * How many times longer than it is written a reading heard in another language can come to be
 * spoken: its translation's growth (translationGrowthBound) times what "say as" adds (`said`).
 */
export function heardGrowth(heardIn: HeardIn): number {
  return translationGrowthBound(heardIn.source, heardIn.target) * (heardIn.said ?? 1);
}

/**
 * What a reading heard in another language pays for, each once: the speech of each different
 * request (a sentence's original, or a chunk's translation; a repeat is the same request) and the
 * translation of each paragraph heard translated.
 */
function paidParts(chunks: readonly PlannedChunk[]): { originals: string[]; translations: string[]; translated: string[] } {
  const originals = new Set<string>();
  const translations = new Set<string>();
  const translated = new Set<string>();
  for (const c of chunks) {
    if (c.original) originals.add(c.text);
    else {
      translations.add(c.text);
      for (const paragraph of paragraphsOf(c.text)) translated.add(paragraph);
    }
  }
  return { originals: [...originals], translations: [...translations], translated: [...translated] };
}

/**
 * What hearing these chunks of a reading would cost: their speech, and for a reading heard in
 * another language (`heardIn`) the translation of what is heard translated, each request once (a
 * repeat is free). The speech of a translation is priced at the longest it may come back
 * (translationGrowthBound): Japanese heard in English runs several times longer than it is written;
 * and at the longest the glossary's "say as" can make it then (`heardIn.said`). What is spoken as
 * written is priced as it is said (`said`: with the user's pronunciations).
 * `threshold` as estimateSpeech's (-1: every request is looked up in the cache).
 */
export async function estimateReading(chunks: readonly PlannedChunk[], params: SpeechParams, threshold: number, heardIn?: HeardIn, said?: SaidText): Promise<SpeechEstimate> {
  // What is sent for each request as written: its text with the user's pronunciations applied.
  const asSaid = (texts: readonly string[], language: string) => (said ? Promise.all(texts.map((text) => said(text, language))) : texts);
  if (!heardIn) return estimateSpeech(await Promise.all(chunks.map(async (c) => (await asSaid([c.text], chunkParams(params, c).language))[0]!)), params, threshold);
  const parts = paidParts(chunks);
  const growth = heardGrowth(heardIn);
  const originalLanguage = chunks.find((c) => c.original)?.original?.language ?? params.language;
  const [originals, translations] = await Promise.all([
    estimateSpeech(await asSaid(parts.originals, originalLanguage), params, threshold),
    estimateSpeechOfLengths(parts.translations.map((text) => Math.ceil([...text].length * growth)), params),
  ]);
  const credits = (parts.originals.length ? originals.credits : 0) + translations.credits + translationCostOfParts(parts.translated);
  return { credits, learned: translations.learned };
}

/** About a screen of text: what "the first screen" of a page heard in another language covers. */
const SCREEN_CHARS = 1500;

/**
 * How the figure of a page heard in another language is put: "about N credits" for the first
 * screen (what a listener who stops early pays) and "up to M credits" for the whole page.
 */
export async function listenCostWords(heardIn: HeardIn, ahead: readonly PlannedChunk[], params: SpeechParams, whole: SpeechEstimate): Promise<{ language: string; first: string; whole: string }> {
  let chars = 0;
  const screen = ahead.filter((c) => {
    const within = chars < SCREEN_CHARS;
    if (!c.original) chars += c.text.length;
    return within;
  });
  const first = await estimateReading(screen, params, Number.POSITIVE_INFINITY, heardIn);
  return {
    language: languageNameIn(heardIn.target, uiLocale()),
    first: describeEstimate({ ...first, credits: Math.min(first.credits, whole.credits) }),
    whole: t(whole.credits === 1 ? 'spendUpToOne' : 'spendUpTo', formatNumber(whole.credits)),
  };
}
