import type { AudioFormat } from './schemas';

const AUDIO_TYPES: Record<AudioFormat, readonly string[]> = {
  mp3: ['audio/mpeg', 'audio/mp3'],
  wav: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'],
};

/** Lower-cased media type without parameters (`audio/mpeg; foo=bar` → `audio/mpeg`). */
export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Whether a Content-Type header announces audio in the requested format. */
export function isAudioTypeFor(contentType: string | null, format: AudioFormat): boolean {
  return AUDIO_TYPES[format].includes(mediaType(contentType));
}
