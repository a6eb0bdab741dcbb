import { countCharacters, translationCost } from '../translate/cost';
import { translationGrowthBound } from '../translate/growth';
import { CUE_SEPARATOR, plannedBatches, type AheadOptions } from './ahead';
import { joinLines, type Cue } from './cue';

/*
 * The figure shown before captions are translated or heard: "about N credits per minute of video;
 * up to M for the whole video". N is what a viewer pays as they watch (the batches a straight watch
 * sends, over the video's minutes); M is a bound no way of watching goes past, so it is what the
 * spend gate is asked for.
 */

export interface CaptionsFigure {
  /** About this many credits per minute of video watched. */
  perMinute: number;
  /** At most this many for the whole video. */
  whole: number;
  /** False while speech is priced at its cautious prior (see speech-price.ts): say "up to", not "about". */
  learned: boolean;
}

/**
 * What the speech of requests of these lengths costs: the worker's estimateSpeechOfLengths
 * (background/spend/questions.ts) with the voice's format, so speech is priced in one place only.
 */
export type PriceSpeech = (lengths: readonly number[]) => Promise<{ credits: number; learned: boolean }>;

export interface FigureInput extends AheadOptions {
  /** The captions' language when known (null: detected by the service), and the one translated into. */
  source: string | null;
  target: string;
  /** The video's length (media duration); when unknown or infinite (a live stream), the last cue's end. */
  durationSec?: number;
  /**
   * What is sent to translate a caption's text: the text itself (the default), or its pieces
   * around the glossary's terms (none: a caption of terms only, translated for nothing).
   */
  sentOf?: (text: string) => readonly string[];
  /**
   * The most characters a caption's translation can be when it is spoken (the glossary's terms and
   * "say as" in it); the default: its characters times the translation's growth bound.
   */
  spokenLengthOf?: (text: string) => number;
}

/** The different texts to translate: a caption said twice is paid once, the cache answers the repeat. */
function textsOf(cues: readonly Cue[]): string[] {
  return [...new Set(cues.map((cue) => joinLines(cue.text)).filter((text) => text !== ''))];
}

function minutesOf(cues: readonly Cue[], durationSec: number | undefined): number {
  const seconds = durationSec !== undefined && Number.isFinite(durationSec) && durationSec > 0 ? durationSec : cues.reduce((end, cue) => Math.max(end, cue.end), 0);
  return seconds / 60;
}

/** A whole spread over the minutes; a video shorter than a minute costs no more than all of it. */
function perMinuteOf(credits: number, whole: number, minutes: number): number {
  return minutes > 0 ? Math.min(whole, Math.ceil(credits / minutes)) : whole;
}

const asSent = (input: FigureInput) => input.sentOf ?? ((text: string) => [text]);

/**
 * The most translating every caption can cost: each text sent (a caption, or a piece of one around
 * its glossary terms) with its separator, rounded up on its own, which no batching goes past
 * (ceil(a + b) ≤ ceil(a) + ceil(b)), nor the one-by-one fallback.
 */
function translationBound(texts: readonly string[], sentOf: (text: string) => readonly string[]): number {
  return texts.reduce((sum, text) => sum + sentOf(text).reduce((of, sent) => of + translationCost(sent + CUE_SEPARATOR), 0), 0);
}

/** What a straight watch pays to translate: each planned batch as it is sent (its captions' pieces in one request). */
function expectedTranslation(cues: readonly Cue[], input: FigureInput): number {
  const sentOf = asSent(input);
  return plannedBatches(cues, input).reduce((sum, batch) => sum + translationCost(batch.items.flatMap((item) => sentOf(item.text)).join(CUE_SEPARATOR)), 0);
}

/** The figure for translated captions: exact prices, so `learned` is true. */
export function translationFigure(cues: readonly Cue[], input: FigureInput): CaptionsFigure {
  const expected = expectedTranslation(cues, input);
  const whole = translationBound(textsOf(cues), asSent(input));
  return { perMinute: perMinuteOf(expected, whole, minutesOf(cues, input.durationSec)), whole, learned: true };
}

/** The longest a text's translation can come back (in characters), `growth` times as long as it: translate/growth.ts. */
export const translatedLength = (text: string, growth: number): number => Math.ceil(countCharacters(text) * growth);

/**
 * The lengths of the speech requests for hearing the captions translated: one per different
 * caption (each is spoken at its own time), at the longest its translation may come back
 * (translate/growth.ts), as a reading heard in another language is priced.
 */
export function spokenLengths(cues: readonly Cue[], source: string | null, target: string, spokenLengthOf?: (text: string) => number): number[] {
  const growth = translationGrowthBound(source, target);
  return textsOf(cues).map(spokenLengthOf ?? ((text) => translatedLength(text, growth)));
}

/** The figure for "Listen in <language>": the translation, and the speech of every translated caption. */
export async function listenFigure(cues: readonly Cue[], input: FigureInput, priceSpeech: PriceSpeech): Promise<CaptionsFigure> {
  const translation = translationFigure(cues, input);
  const lengths = spokenLengths(cues, input.source, input.target, input.spokenLengthOf);
  const speech = lengths.length ? await priceSpeech(lengths) : { credits: 0, learned: true };
  const expected = expectedTranslation(cues, input) + speech.credits;
  const whole = translation.whole + speech.credits;
  return { perMinute: perMinuteOf(expected, whole, minutesOf(cues, input.durationSec)), whole, learned: speech.learned };
}
