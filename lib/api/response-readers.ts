import type { z } from 'zod';
import { validateAudio } from '../audio/validate';
import { isAudioTypeFor, mediaType } from './audio-content-type';
import { fileNameFromDisposition } from './content-disposition';
import { makeServiceError } from './error-messages';
import type { AudioFormat } from './schemas';

const bad = (reason: string) => makeServiceError('badResponse', { reason });

// validateAudio's reasons are sentences; ours sit in parentheses mid-sentence.
const asReason = (sentence: string) => sentence.replace(/\.$/, '').replace(/^[A-Z]/, (c) => c.toLowerCase());

/**
 * Reads a JSON body and parses it with `schema`. A wrong content type, invalid JSON or a
 * schema mismatch is a badResponse whose reason names the problem, never the raw body
 * (which could be large or echo the request).
 */
export async function readJson<S extends z.ZodType>(res: Response, schema: S): Promise<z.infer<S>> {
  const type = mediaType(res.headers.get('content-type'));
  if (!/^application\/([\w.+-]+\+)?json$/.test(type)) {
    throw bad(`expected JSON, got ${type || 'no content type'}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(await res.text());
  } catch (e) {
    if (e instanceof SyntaxError) throw bad('the body is not valid JSON');
    throw e;
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? issue.path.join('.') : 'body';
    throw bad(`field "${field}" is missing or has the wrong type`);
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
    throw bad(`expected ${format} audio, got ${mediaType(contentType) || 'no content type'} (HTTP ${res.status})`);
  }
  const audio = new Uint8Array(await res.arrayBuffer());
  if (audio.byteLength === 0) throw bad('the audio is empty');
  const check = validateAudio(audio, format);
  if (!check.ok) throw bad(asReason(check.reason));
  return {
    audio,
    contentType: mediaType(contentType),
    fileName: fileNameFromDisposition(res.headers.get('content-disposition'), `tts_output.${format}`),
    format,
    durationSec: check.durationSec,
  };
}
