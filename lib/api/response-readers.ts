import type { z } from 'zod';
import { validateAudio } from '../audio/validate';
import { t } from '../i18n';
import { isAudioTypeFor, mediaType } from './audio-content-type';
import { fileNameFromDisposition } from './content-disposition';
import { makeServiceError } from './error-messages';
import type { AudioFormat } from './schemas';

const bad = (reason: string) => makeServiceError('badResponse', { reason });

/**
 * Reads a JSON body and parses it with `schema`. A wrong content type, invalid JSON or a
 * schema mismatch is a badResponse whose reason names the problem, never the raw body
 * (which could be large or echo the request).
 */
export async function readJson<S extends z.ZodType>(res: Response, schema: S): Promise<z.infer<S>> {
  const type = mediaType(res.headers.get('content-type'));
  if (!/^application\/([\w.+-]+\+)?json$/.test(type)) {
    throw bad(t('reasonExpectedJson', type || t('reasonNoContentType')));
  }
  let data: unknown;
  try {
    data = JSON.parse(await res.text());
  } catch (e) {
    if (e instanceof SyntaxError) throw bad(t('reasonInvalidJson'));
    throw e;
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? issue.path.join('.') : 'body';
    throw bad(t('reasonBadField', field));
  }
  return parsed.data;
}

export interface SpeechResult {
  audio: Uint8Array;
  contentType: string;
  fileName: string;
  format: AudioFormat;
  durationSec: number;
}

/**
 * Reads a speech response: the content type must announce the requested format and the bytes
 * must decode as such, so the user never gets a broken player for audio they paid for.
 */
export async function readSpeech(res: Response, format: AudioFormat): Promise<SpeechResult> {
  const contentType = res.headers.get('content-type');
  if (res.status !== 200 || !isAudioTypeFor(contentType, format)) {
    throw bad(t('reasonExpectedAudio', [format, mediaType(contentType) || t('reasonNoContentType'), String(res.status)]));
  }
  const audio = new Uint8Array(await res.arrayBuffer());
  if (audio.byteLength === 0) throw bad(t('audioEmpty'));
  const check = validateAudio(audio, format);
  if (!check.ok) throw bad(t(check.reason));
  return {
    audio,
    contentType: mediaType(contentType),
    fileName: fileNameFromDisposition(res.headers.get('content-disposition'), `tts_output.${format}`),
    format,
    durationSec: check.durationSec,
  };
}
