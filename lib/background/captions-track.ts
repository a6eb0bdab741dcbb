import { ServiceError } from '../api/errors';
import { joinLines } from '../captions/cue';
import { spokenLengths, translationFigure } from '../captions/figure';
import type { CaptionsTrackEstimate, TrackCue, TrackPart } from '../captions/protocol-types';
import type { SavedTrack } from '../captions/track-file';
import { t } from '../i18n';
import { languageByCode } from '../language';
import { getSettings } from '../settings/items';
import { hasAudio } from '../speech/cache';
import { pinAudio, unpinAudio } from '../speech/pins';
import { captionsFigureGlossary } from './captions-glossary';
import { captionSpeechKey, LISTEN_ACTION, speakCaption } from './captions-speech';
import { savePlacedTrack } from './download/file';
import { fileNameFromTitle } from './download/file-name';
import { keepAliveDuring } from './keep-alive';
import { isPrivateTab } from './private-windows';
import { offerSpend } from './spend/gate';
import { estimateSpeechOfLengths } from './spend/questions';
import { currentTargetLanguage } from './translation';

/*
 * "Download spoken track": the translated captions' speech as one audio file the length of the
 * video, each caption's speech at its caption's start. Hearing the captions is one grant, shared
 * with "Listen in <language>" (the spend gate's 'captions-listen'): the speech is bought through
 * speakCaption, so what Listen heard comes from the cache for nothing, and what the track buys
 * Listen then plays for nothing. The page drives it (its progress, Cancel); the worker makes the
 * figure and, once the page has had every caption's speech bought, has it placed in one file from
 * the cache (where there is a document: download/file.ts) and saves it.
 */

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
  // Keyed as speakCaption keys it (the voice for the language, the glossary's "say as"): the figure leaves out what would come for nothing.
  const inCache = await Promise.all(translations.map(async (text) => hasAudio(await captionSpeechKey(settings, target, text, tabId))));
  const cached = new Set(translations.filter((_, i) => inCache[i]));
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
 * Makes the spoken track of `parts` (each translated caption at its start, in order, fitted to its
 * slot as Listen fits it) `lengthSec` long and saves it; returns its name, and how many captions' speech was sped up or cut to fit. The page has had each caption's speech bought already
 * (through speakCaption), so it is in the cache: the file is placed from there by the speech's
 * keys, held from eviction meanwhile. One not there (evicted since) is bought again, within what
 * the user agreed to.
 */
export function saveCaptionsTrack(target: string, parts: readonly TrackPart[], lengthSec: number, title: string, tabId: number): Promise<SavedTrack> {
  return keepAliveDuring(async () => {
    const language = languageByCode(target);
    if (!language) throw new ServiceError('invalidRequest', t('translateUnsupported', target));
    const settings = await getSettings();
    const texts = [...new Set(parts.map((part) => part.text))];
    const keys = new Map(await Promise.all(texts.map(async (text) => [text, await captionSpeechKey(settings, language.code, text, tabId)] as const)));
    const owner = `captions-track:${tabId}`;
    await pinAudio(owner, [...keys.values()]);
    try {
      for (const text of texts) if (!(await hasAudio(keys.get(text)!).catch(() => false))) await speakCaption(target, text, tabId);
      const placed = parts.map((part) => ({ key: keys.get(part.text)!, text: part.text, atSec: part.atSec, endSec: part.endSec }));
      return await savePlacedTrack(placed, lengthSec, language.code, (format) => trackFileName(title, target, format), await isPrivateTab(tabId));
    } finally {
      await unpinAudio(owner);
    }
  });
}
