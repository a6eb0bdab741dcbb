import { ServiceError } from '../../api/errors';
import { prepareSpeech } from '../../speech/chunk';
import { chunksFrom, sentenceAtOffset } from '../../speech/chunk-from';
import type { ReadingPlan, SpeechParams } from '../../player/contract';
import { t } from '../../i18n';

export interface BuiltPlan {
  plan: ReadingPlan;
  /** [start, end) of every sentence in the original text, for highlighting. */
  sentences: [number, number][];
  /** The sentence the reading starts at (0 unless it reads "from here"). */
  startSentence: number;
}

/**
 * Turns text into a reading: sentences (with their place in the original text) grouped into
 * service requests, the first one short so that sound starts fast. With `startOffset` (a place in
 * the text) the reading starts at the sentence there, whose request is then the short one.
 */
export function buildPlan(input: { sessionId: string; text: string; title: string; params: SpeechParams; startOffset?: number }): BuiltPlan {
  const prepared = prepareSpeech(input.text, input.params.language);
  const { sentences } = prepared;
  if (prepared.chunks.length === 0) {
    throw new ServiceError('invalidRequest', t('readingNoTextHere'));
  }
  const startSentence = input.startOffset === undefined ? 0 : sentenceAtOffset(sentences, input.startOffset);
  if (startSentence < 0) throw new ServiceError('invalidRequest', t('readingNothingAfterHere'));
  const chunks = startSentence > 0 ? chunksFrom(prepared, startSentence) : prepared.chunks;
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
