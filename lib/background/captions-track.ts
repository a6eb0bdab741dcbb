import { ServiceError } from '../api/errors';
import { placeSpeech } from '../audio/place';
import { joinLines } from '../captions/cue';
import { spokenLengths, translationFigure } from '../captions/figure';
import type { CaptionsTrackEstimate, TrackCue, TrackPart } from '../captions/protocol-types';
import { t } from '../i18n';
import { languageByCode } from '../language';
import { getSettings } from '../settings/items';
import { audioCacheKey, hasAudio } from '../speech/cache';
import { fromBase64 } from '../storage/base64';
import { captionAsSaid, captionsFigureGlossary } from './captions-glossary';
import { LISTEN_ACTION, speakCaption } from './captions-speech';
import { saveAudioFile } from './download/audio-file';
import { fileNameFromTitle } from './download/file-name';
import { keepAliveDuring } from './keep-alive';
import { isPrivateTab } from './private-windows';
import { chooseSpeechParams } from './reading/speech-params';
import { offerSpend } from './spend/gate';
import { estimateSpeechOfLengths } from './spend/questions';
import { currentTargetLanguage } from './translation';

/*
 * "Download spoken track": the translated captions' speech as one audio file the length of the
 * video, each caption's speech at its caption's start. Hearing the captions is one grant, shared
 * with "Listen in <language>" (the spend gate's 'captions-listen'): the speech is bought through
 * speakCaption, so what Listen heard comes from the cache for nothing, and what the track buys
 * Listen then plays for nothing. The page drives it (its progress, Cancel); the worker makes the
 * figure and, once the page has had every caption's speech bought, places it in one file and saves it.
 */

/**
 * Whether a translated caption's speech is in the cache: keyed as speakCaption keys it (the voice
 * for the language, the glossary's "say as"), so the figure leaves out what would come for nothing.
 */
async function speechCached(target: string, written: string, tabId: number): Promise<boolean> {
  const settings = await getSettings();
  const params = await chooseSpeechParams(written, { language: target }, settings);
  const text = await captionAsSaid(settings, written, target, tabId);
  return hasAudio(await audioCacheKey({ service: settings.serviceUrl, text, ...params }));
}

/**
 * The figure for the spoken track: the translation of the captions not translated yet (within the
 * captions' own grant, agreed to already) and the speech of every caption not heard yet (speech in
 * the cache costs nothing), as Listen prices it. Its offer is for the speech: accepting it lets
 * the tab's hearing of the captions spend that much more.
 */
export async function estimateCaptionsTrack(cues: readonly TrackCue[], tabId: number): Promise<CaptionsTrackEstimate> {
  const target = await currentTargetLanguage();
  if (!languageByCode(target)) throw new ServiceError('invalidRequest', t('translateUnsupported', target));
  const settings = await getSettings();
  const spoken = cues.filter((cue) => joinLines(cue.text) !== '');
  const translations = [...new Set(spoken.flatMap((cue) => (cue.translation === null ? [] : [cue.translation])))];
  const cached = new Set<string>();
  for (const text of translations) if (await speechCached(target, text, tabId)) cached.add(text);
  const untranslated = spoken.filter((cue) => cue.translation === null);
  const unheard = spoken.filter((cue) => cue.translation === null || !cached.has(cue.translation));
  const glossary = await captionsFigureGlossary(settings, unheard, target, tabId);
  const translation = untranslated.length ? translationFigure(untranslated, { source: null, target, ...glossary }).whole : 0;
  const lengths = spokenLengths(unheard, null, target, glossary.spokenLengthOf);
  const speech = lengths.length ? await estimateSpeechOfLengths(lengths, { format: settings.format }) : { credits: 0, learned: true };
  const offer = await offerSpend(tabId, LISTEN_ACTION, speech.credits);
  return { target, whole: translation + speech.credits, toHear: lengths.length, offer: offer.id };
}

/** "River captions.es.mp3": the page's title made safe, the language spoken, the format. */
export function trackFileName(title: string, target: string, format: 'mp3' | 'wav'): string {
  return fileNameFromTitle(title || 'captions', format).replace(/\.(?:mp3|wav)$/u, `.${target}.${format}`);
}

/**
 * Makes the spoken track of `parts` (each translated caption at its start, in order) `lengthSec`
 * long and saves it; returns its name. Each caption's speech comes through speakCaption: the page
 * has had it bought already, so it comes from the cache here (one not there is bought, within what
 * the user agreed to).
 */
export function saveCaptionsTrack(target: string, parts: readonly TrackPart[], lengthSec: number, title: string, tabId: number): Promise<string> {
  return keepAliveDuring(async () => {
    const audio = new Map<string, Uint8Array>();
    for (const { text } of parts) if (!audio.has(text)) audio.set(text, fromBase64((await speakCaption(target, text, tabId)).audio));
    let placed;
    try {
      placed = placeSpeech(parts.map((part) => ({ bytes: audio.get(part.text)!, atSec: part.atSec })), lengthSec);
    } catch (error) {
      console.warn('The spoken track could not be made.', error);
      throw new ServiceError('badResponse', t('captionsTrackNotJoined'));
    }
    const fileName = trackFileName(title, target, placed.format);
    await saveAudioFile(placed.bytes, placed.format, fileName, await isPrivateTab(tabId));
    return fileName;
  });
}
