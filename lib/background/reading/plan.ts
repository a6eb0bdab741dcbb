import { ServiceError } from '../../api/errors';
import { hasAudio } from '../../speech/cache';
import { saidAudioKey } from './said';
import { chunkOfSentence } from '../../player/sentence-position';
import { prepareSpeech, type PreparedSpeech, type SpeechFit } from '../../speech/chunk';
import type { TextMark } from '../../text-marks';
import type { CleanupRules } from '../../speech/clean';
import { chunksFrom, sentenceAtOffset } from '../../speech/chunk-from';
import type { ReadingPlan, SpeechParams } from '../../player/contract';
import { t } from '../../i18n';

export interface BuiltPlan {
  plan: ReadingPlan;
  /** [start, end) of every sentence in the original text, for highlighting. */
  sentences: [number, number][];
  /** The sentence the reading starts at (0 unless it reads "from here" or goes on where it stopped). */
  startSentence: number;
}

interface PlanInput {
  sessionId: string;
  text: string;
  title: string;
  params: SpeechParams;
  /** What is left out before paying (the user's settings; citation markers by default). */
  cleanup?: CleanupRules;
  /** Code and table cells the page marked in `text`, for the cleanup rules. */
  marks?: readonly TextMark[];
  /** How requests fit the service's limit as they are sent (translated, pronounced): see said.ts `speechFitOf`. */
  fit?: SpeechFit;
  /**
   * The text already prepared with these very options (`prepareSpeech`, or a `prepareHead` that
   * is `whole`): read as it is, not prepared again.
   */
  prepared?: PreparedSpeech;
}

/** The text prepared for reading: the one given when it is whole, else prepared now. */
export function preparedOf(input: PlanInput): PreparedSpeech {
  if (input.prepared?.whole) return input.prepared;
  return prepareSpeech(input.text, input.params.language, { cleanup: input.cleanup, marks: input.marks, ...input.fit });
}

/**
 * Turns text into a reading: sentences (with their place in the original text) grouped into
 * service requests, the first one short so that sound starts fast. A reading may start later in
 * the text, at `startOffset` (a place in it: "Read aloud from here") or at `startSentence` (where
 * the user stopped last time): that sentence's request is then the short one, and the whole text
 * is still planned so that "previous" and a jump back reach what comes before it.
 */
export function buildPlan(input: PlanInput & { startOffset?: number; startSentence?: number }): BuiltPlan {
  const prepared = preparedOf(input);
  const { sentences } = prepared;
  if (prepared.chunks.length === 0) {
    throw new ServiceError('invalidRequest', t('readingNoTextHere'));
  }
  const startSentence = input.startOffset === undefined ? Math.min(input.startSentence ?? 0, sentences.length - 1) : sentenceAtOffset(sentences, input.startOffset);
  if (startSentence < 0) throw new ServiceError('invalidRequest', t('readingNothingAfterHere'));
  const chunks = startSentence > 0 ? chunksFrom(prepared, startSentence, input.fit) : prepared.chunks;
  return {
    plan: {
      sessionId: input.sessionId,
      params: input.params,
      chunks: chunks.map((c) => ({
        index: c.index,
        text: c.text,
        firstSentence: c.firstSentence,
        lastSentence: c.lastSentence,
        sentenceOffsets: c.sentenceOffsets,
      })),
      sentenceCount: sentences.length,
      title: input.title.slice(0, 500),
    },
    sentences: sentences.map((s) => [s.start, s.end]),
    startSentence,
  };
}

/** Where a reading starts later in its text: a sentence (resuming) or a place in the text ("from here"). */
export type PlanStart = { sentence?: number; offset?: number };

/**
 * The plan of a reading that starts later in its text: at a sentence (a page read again from where
 * the user stopped) or at a place in it ("Read aloud from here"). When the audio of the usual chunk
 * holding that sentence is cached, or being fetched (`fetching`: the same page's reading asked for
 * it), the usual chunking is kept: that audio costs nothing more and plays from the sentence, and
 * the chunks after it are the ones that reading bought too. Otherwise chunking starts afresh at the
 * sentence, so the first request is that sentence alone and nothing before it is paid for.
 * `sentFirst`: the text of the request a reading "from here" sent at the click (that sentence
 * alone), which the plan then starts with unless audio of the usual chunk is there already.
 */
export async function planStartingAt(
  input: PlanInput,
  start: PlanStart,
  serviceUrl: string,
  fetching: (cacheKey: string) => boolean = () => false,
  sentFirst?: string,
): Promise<BuiltPlan> {
  // Prepared once (issue 41): every plan below reads the same sentences.
  const prepared = preparedOf(input);
  const once = { ...input, prepared };
  const whole = buildPlan(once);
  const startSentence = start.offset === undefined ? start.sentence : buildPlan({ ...once, startOffset: start.offset }).startSentence;
  if (!startSentence || startSentence >= whole.plan.sentenceCount) return whole;
  const chunk = whole.plan.chunks[chunkOfSentence(whole.plan.chunks, startSentence)]!;
  const kept = { ...whole, startSentence };
  // A usual chunk that starts there is kept, unless the sentence alone was asked for at the click (sentFirst).
  if (chunk.firstSentence === startSentence && (sentFirst === undefined || chunk.text === sentFirst)) return kept;
  const key = await saidAudioKey(input.sessionId, chunk.text, input.params, serviceUrl);
  if (fetching(key) || (await hasAudio(key).catch(() => false))) return kept;
  return buildPlan({ ...once, startSentence });
}
