import { ServiceError } from '../../api/errors';
import { audioCacheKey, hasAudio } from '../../speech/cache';
import { chunkOfSentence } from '../../player/sentence-position';
import { prepareSpeech } from '../../speech/chunk';
import type { ReadingPlan, SpeechParams } from '../../player/contract';
import { t } from '../../i18n';

export interface BuiltPlan {
  plan: ReadingPlan;
  /** [start, end) of every sentence in the original text, for highlighting. */
  sentences: [number, number][];
}

/**
 * Turns text into a reading: sentences (with their place in the original text) grouped into
 * service requests, the first one short so that sound starts fast (the first one read: a reading
 * resumed at `fromSentence` starts with that sentence alone).
 */
export function buildPlan(input: { sessionId: string; text: string; title: string; params: SpeechParams; fromSentence?: number }): BuiltPlan {
  const { sentences, chunks } = prepareSpeech(input.text, input.params.language, { fromSentence: input.fromSentence });
  if (chunks.length === 0) {
    throw new ServiceError('invalidRequest', t('readingNoTextHere'));
  }
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
  };
}

/**
 * The plan of a reading that starts at `startSentence` (a page read again from where the user
 * stopped). When the audio of the chunk holding it is still cached, the usual chunking is kept:
 * that audio costs nothing and plays from the sentence. Otherwise chunking starts afresh at the
 * sentence, so the first request is that sentence alone and nothing before it is paid for.
 */
export async function planStartingAt(
  input: { sessionId: string; text: string; title: string; params: SpeechParams },
  startSentence: number | undefined,
  serviceUrl: string,
): Promise<BuiltPlan> {
  const whole = buildPlan(input);
  if (!startSentence || startSentence >= whole.plan.sentenceCount) return whole;
  const chunk = whole.plan.chunks[chunkOfSentence(whole.plan.chunks, startSentence)]!;
  if (chunk.firstSentence === startSentence) return whole;
  const key = await audioCacheKey({ service: serviceUrl, text: chunk.text, ...input.params });
  if (await hasAudio(key).catch(() => false)) return whole;
  return buildPlan({ ...input, fromSentence: startSentence });
}
