import { makeServiceError, ServiceError } from '../api/errors';
import { listenFigure, translationFigure } from '../captions/figure';
import type { Cue } from '../captions/cue';
import type { CaptionsEstimate, CaptionsSpeech } from '../captions/protocol-types';
import { t } from '../i18n';
import { languageByCode } from '../language';
import { getSettings } from '../settings/items';
import type { Settings } from '../settings/schema';
import { audioCacheKey, getAudio, putAudio } from '../speech/cache';
import { toBase64 } from '../storage/base64';
import { noteCreditsSpent } from './account';
import { isPrivateTab } from './private-windows';
import { chooseSpeechParams } from './reading/speech-params';
import type { SpeechParams } from '../player/contract';
import { estimateSpeechCredits, mayHaveBeenCharged, noteSpeechPaid } from './speech-price';
import { actionSignal, offerSpend, reserve, type SpendAction } from './spend/gate';
import { paidCall } from './spend/gateway';
import { estimateSpeechOfLengths } from './spend/questions';
import { currentTargetLanguage } from './translation';
import { captionAsSaid, captionsFigureGlossary } from './captions-glossary';

/*
 * "Listen in <language>" on captions being translated, in the worker: the figure for hearing them
 * (their translation and the speech of every caption), whose speech part is a grant of its own
 * (agreeing to translate captions does not pay for hearing them), paused and ended with the
 * captions' translation (background/captions.ts); then each caption's speech, from the audio
 * cache or through the one gateway, handed to the page that plays it in time with its video (the
 * page holds no key, only the audio's bytes).
 */

/** The spend gate's action for a tab's captions heard. */
export const LISTEN_ACTION: SpendAction = 'captions-listen';
const ACTION = LISTEN_ACTION;
/** A caption's speech is wanted within seconds: before page translation, after a reading's chunk. */
const SPEECH_PRIORITY = 45;

/**
 * The figure for hearing the captions: "about N credits per minute; up to M for the whole video",
 * their translation included (agreed to already). Accepting its offer lets the tab's speech spend
 * up to what hearing every caption costs.
 */
export async function estimateCaptionsListen(cues: readonly Cue[], durationSec: number | null, tabId: number): Promise<CaptionsEstimate> {
  const target = await currentTargetLanguage();
  const settings = await getSettings();
  // Both figures as the glossary has them sent and said: the translation's pieces, and speech as long as "say as" makes it.
  const glossary = await captionsFigureGlossary(settings, cues, target, tabId);
  const figure = await listenFigure(cues, { source: null, target, ...glossary, ...(durationSec === null ? {} : { durationSec }) }, (lengths) => estimateSpeechOfLengths(lengths, { format: settings.format }));
  const translation = translationFigure(cues, { source: null, target, ...glossary });
  const offer = await offerSpend(tabId, ACTION, Math.max(0, figure.whole - translation.whole));
  return { target, perMinute: figure.perMinute, whole: figure.whole, offer: offer.id };
}

/** What a caption's speech is asked as: the text said (the glossary's "say as"), the voice for the language, and its audio cache key. */
interface CaptionSpeechAsk {
  text: string;
  params: SpeechParams;
  key: string;
}

async function captionSpeechAsk(settings: Settings, target: string, written: string, tabId: number): Promise<CaptionSpeechAsk> {
  const params = await chooseSpeechParams(written, { language: target }, settings);
  const text = await captionAsSaid(settings, written, target, tabId);
  return { text, params, key: await audioCacheKey({ service: settings.serviceUrl, text, ...params }) };
}

/**
 * The audio cache key of a translated caption's speech in `target`, as speakCaption keys it (the
 * voice for the language, the glossary's "say as" for the tab's site): the spoken track's figure
 * leaves out what is cached, and its file is placed from the cache by these keys.
 */
export async function captionSpeechKey(settings: Settings, target: string, written: string, tabId: number): Promise<string> {
  return (await captionSpeechAsk(settings, target, written, tabId)).key;
}

/**
 * One translated caption's speech with the user's voice for `target`: the cache's at no cost,
 * else one paid request within what the user agreed to (withdrawn while not sent when the page
 * pauses or stops). What is sent, priced and cached is the caption as the glossary says it (its
 * "say as" for the language and the tab's site), as readings send theirs. Kept in the cache, so a
 * seek back or a second watch costs nothing.
 */
export async function speakCaption(target: string, written: string, tabId: number): Promise<CaptionsSpeech> {
  const language = languageByCode(target);
  if (!language) throw new ServiceError('invalidRequest', t('translateUnsupported', target));
  const withdrawn = actionSignal(tabId, ACTION);
  const settings = await getSettings();
  const { text, params, key } = await captionSpeechAsk(settings, language.code, written, tabId);
  const cached = await getAudio(key).catch(() => undefined);
  if (cached) return { audio: toBase64(cached.audio), durationSec: cached.durationSec };
  // Listen and the spoken track asking for the same caption at once: one request, paid once.
  const asked = `${tabId} ${key}`;
  const pending = buying.get(asked);
  if (pending) return pending;
  const bought = buySpeech(text, params, key, settings.serviceUrl, tabId, withdrawn).finally(() => buying.delete(asked));
  buying.set(asked, bought);
  return bought;
}

/** Speech being bought, by tab and audio cache key: a second asker joins the request under way. */
const buying = new Map<string, Promise<CaptionsSpeech>>();

/** One paid request for a caption's speech, within what the user agreed to, kept in the cache. */
async function buySpeech(text: string, params: SpeechParams, key: string, serviceUrl: string, tabId: number, withdrawn: AbortSignal): Promise<CaptionsSpeech> {
  if (withdrawn.aborted) throw makeServiceError('cancelled');
  const { credits } = await estimateSpeechCredits(serviceUrl, params.format, [text]);
  const held = await reserve(tabId, ACTION, credits);
  if (!held) throw new ServiceError('invalidRequest', t('captionsOverFigure'));
  let charged = 0;
  try {
    const speech = await paidCall((client, abort) => client.tts({ text, voice_id: params.voiceId, language: params.language, speed: params.speed, format: params.format }, { signal: abort }), {
      priority: SPEECH_PRIORITY,
      signal: withdrawn,
      label: 'captions',
    });
    charged = credits;
    void noteSpeechPaid(serviceUrl, params.format, text).catch(() => undefined);
    void noteCreditsSpent(credits).catch(() => undefined);
    const entry = { audio: speech.audio, format: speech.format, fileName: speech.fileName, durationSec: speech.durationSec };
    await putAudio(key, entry, { inMemory: await isPrivateTab(tabId) }).catch(() => undefined);
    return { audio: toBase64(speech.audio), durationSec: speech.durationSec };
  } catch (error) {
    if (mayHaveBeenCharged(error)) charged = credits;
    throw error;
  } finally {
    await held.settle(charged);
  }
}
