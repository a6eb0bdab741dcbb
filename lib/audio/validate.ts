import { parseMp3 } from './mp3';
import { parseWav } from './wav';

export type AudioValidation = { ok: true; durationSec: number } | { ok: false; reason: string };

/**
 * Check that a response body is complete, playable audio of the expected format before
 * it is cached or played; `reason` is a short sentence fit to show the user.
 */
export function validateAudio(bytes: Uint8Array, format: 'mp3' | 'wav'): AudioValidation {
  if (bytes.length === 0) return { ok: false, reason: 'The audio is empty.' };
  const other = sniffOther(bytes, format);
  if (other) return { ok: false, reason: other };
  return format === 'mp3' ? validateMp3(bytes) : validateWav(bytes);
}

/** Recognize common wrong bodies so the reason says what arrived instead. */
function sniffOther(bytes: Uint8Array, format: 'mp3' | 'wav'): string | null {
  const head = String.fromCharCode(...bytes.subarray(0, 4));
  if (format === 'mp3' && head === 'RIFF') return 'The audio is WAV, not MP3.';
  if (format === 'wav' && (head.startsWith('ID3') || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0))) {
    return 'The audio is MP3, not WAV.';
  }
  const firstChar = String.fromCharCode(bytes.find((b) => b > 0x20) ?? 0);
  if (head !== 'RIFF' && !head.startsWith('ID3') && (firstChar === '{' || firstChar === '<' || firstChar === '[')) {
    return 'The service sent a text message instead of audio.';
  }
  return null;
}

function validateMp3(bytes: Uint8Array): AudioValidation {
  let info;
  try {
    info = parseMp3(bytes);
  } catch {
    return { ok: false, reason: 'The audio is not in MP3 format.' };
  }
  if (info.frames.length === 0) return { ok: false, reason: 'The audio has no complete sound frame.' };
  if (info.truncatedBytes > 0) return { ok: false, reason: 'The audio was cut off before the end.' };
  return { ok: true, durationSec: info.durationSec };
}

function validateWav(bytes: Uint8Array): AudioValidation {
  let info;
  try {
    info = parseWav(bytes);
  } catch {
    return { ok: false, reason: 'The audio is not in WAV format.' };
  }
  if (info.dataLength === 0) return { ok: false, reason: 'The audio has no sound data.' };
  if (!info.sizeUnknown && info.declaredDataLength > info.dataLength) {
    return { ok: false, reason: 'The audio was cut off before the end.' };
  }
  if (info.dataLength % info.blockAlign !== 0) {
    return { ok: false, reason: 'The audio was cut off in the middle of a sample.' };
  }
  return { ok: true, durationSec: info.durationSec };
}
