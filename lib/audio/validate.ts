import { parseMp3 } from './mp3';
import { parseWav } from './wav';
import type { MessageKey } from '../i18n';

/** What is wrong with the audio: a message of public/_locales, worded where it is shown. */
export type AudioProblem = Extract<MessageKey, `audio${string}`>;

export type AudioValidation = { ok: true; durationSec: number } | { ok: false; reason: AudioProblem };

/**
 * Check that a response body is complete, playable audio of the expected format before
 * it is cached or played; `reason` names the problem (a message the caller words for the user).
 */
export function validateAudio(bytes: Uint8Array, format: 'mp3' | 'wav'): AudioValidation {
  if (bytes.length === 0) return { ok: false, reason: 'audioEmpty' };
  const other = sniffOther(bytes, format);
  if (other) return { ok: false, reason: other };
  return format === 'mp3' ? validateMp3(bytes) : validateWav(bytes);
}

/** Recognize common wrong bodies so the reason says what arrived instead. */
function sniffOther(bytes: Uint8Array, format: 'mp3' | 'wav'): AudioProblem | null {
  const head = String.fromCharCode(...bytes.subarray(0, 4));
  if (format === 'mp3' && head === 'RIFF') return 'audioWavNotMp3';
  if (format === 'wav' && (head.startsWith('ID3') || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0))) {
    return 'audioMp3NotWav';
  }
  const firstChar = String.fromCharCode(bytes.find((b) => b > 0x20) ?? 0);
  if (head !== 'RIFF' && !head.startsWith('ID3') && (firstChar === '{' || firstChar === '<' || firstChar === '[')) {
    return 'audioTextNotAudio';
  }
  return null;
}

function validateMp3(bytes: Uint8Array): AudioValidation {
  let info;
  try {
    info = parseMp3(bytes);
  } catch {
    return { ok: false, reason: 'audioNotMp3' };
  }
  if (info.frames.length === 0) return { ok: false, reason: 'audioNoFrame' };
  if (info.truncatedBytes > 0) return { ok: false, reason: 'audioCutOff' };
  return { ok: true, durationSec: info.durationSec };
}

function validateWav(bytes: Uint8Array): AudioValidation {
  let info;
  try {
    info = parseWav(bytes);
  } catch {
    return { ok: false, reason: 'audioNotWav' };
  }
  if (info.dataLength === 0) return { ok: false, reason: 'audioNoData' };
  if (!info.sizeUnknown && info.declaredDataLength > info.dataLength) {
    return { ok: false, reason: 'audioCutOff' };
  }
  if (info.dataLength % info.blockAlign !== 0) {
    return { ok: false, reason: 'audioCutMidSample' };
  }
  return { ok: true, durationSec: info.durationSec };
}
