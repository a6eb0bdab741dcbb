import { ServiceError } from '../../api/errors';
import { getVoices } from '../voices';
import type { Settings } from '../../settings/schema';
import { baseCode, detectLanguage } from '../../language';
import type { SpeechParams } from '../../player/contract';
import { pickVoice } from './voice-pick';
import { t } from '../../i18n';

export interface SpeechChoices {
  languageHint?: string | null;
  language?: string;
  voiceId?: string;
  speed?: number;
  format?: 'mp3' | 'wav';
}

/**
 * Decides how a text is spoken: its language (detected locally), the voice for that language,
 * and the speed and format from the settings unless the caller chose them.
 */
export async function chooseSpeechParams(text: string, choices: SpeechChoices, settings: Settings): Promise<SpeechParams> {
  const { voices } = await getVoices();
  const detected = choices.language ?? (await detectLanguage(text, choices.languageHint ?? null));
  const voice = choices.voiceId ? voices.find((v) => v.id === choices.voiceId) : pickVoice(voices, detected, settings.voices.byLanguage[detected] ?? settings.voices.default);
  if (!voice) {
    throw new ServiceError('badResponse', t(choices.voiceId ? 'voiceGone' : 'noVoices'));
  }
  // Send the detected language only where the service has a voice for it; else the voice's own
  // (voices may say "EN-us": the service takes two lowercase letters).
  const spoken = voices.some((v) => baseCode(v.language) === detected) ? detected : baseCode(voice.language).slice(0, 2);
  return {
    voiceId: voice.id,
    language: spoken,
    speed: choices.speed ?? settings.speed,
    format: choices.format ?? settings.format,
  };
}
