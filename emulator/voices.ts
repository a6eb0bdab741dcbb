/**
 * The voice catalogue: two built-in voices (female, male) per language, plus synthetic voices
 * that pad the list for accounts configured with `voices: N` (the 1,000-voice UI test).
 */
import { LANGUAGES, languageByCode, type Language } from './languages.ts';

/** A voice as the emulator knows it (the wire form adds `preview_url`). */
export interface VoiceInfo {
  id: string;
  name: string;
  language: string;
  gender: 'female' | 'male';
}

/** A voice as sent in `GET /api/v1/voices`. */
export interface WireVoice extends VoiceInfo {
  preview_url: string;
}

/** Lowercase ASCII slug of a display name, so ids stay URL-safe ("João" -> "joao"). */
function slug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
}

/** The built-in voices, in catalogue order: for each language, female then male. */
export const BUILTIN_VOICES: readonly VoiceInfo[] = LANGUAGES.flatMap((lang) =>
  lang.voiceNames.map((name, i) => ({
    id: `${lang.code}-${slug(name)}`,
    name,
    language: lang.code,
    gender: i === 0 ? ('female' as const) : ('male' as const),
  })),
);

const builtinById = new Map(BUILTIN_VOICES.map((v) => [v.id, v]));

// Synthetic ids are "syn-<n>" with n from 1; they resolve for every account (samples are
// unauthenticated, so the id itself must carry everything needed to speak it).
const SYNTHETIC_ID = /^syn-(\d{4,5})$/;
const MAX_SYNTHETIC = 99_999;

/** The n-th synthetic voice (1-based): languages cycle through the table, genders alternate. */
export function syntheticVoice(n: number): VoiceInfo {
  const lang = LANGUAGES[(n - 1) % LANGUAGES.length] as Language;
  return {
    id: `syn-${String(n).padStart(4, '0')}`,
    name: `Synthetic ${n} (${lang.name})`,
    language: lang.code,
    gender: n % 2 === 1 ? 'female' : 'male',
  };
}

/** Resolves any voice id (built-in or synthetic) or returns undefined. */
export function voiceById(id: string): VoiceInfo | undefined {
  const builtin = builtinById.get(id);
  if (builtin) return builtin;
  const m = SYNTHETIC_ID.exec(id);
  if (!m) return undefined;
  const n = Number(m[1]);
  if (n < 1 || n > MAX_SYNTHETIC) return undefined;
  const v = syntheticVoice(n);
  // "syn-01" style aliases would make two ids for one voice: only the canonical spelling counts.
  return v.id === id ? v : undefined;
}

/** The voice list an account sees: built-ins, padded with synthetic voices up to `padTo`. */
export function voicesFor(padTo: number | undefined): VoiceInfo[] {
  const list: VoiceInfo[] = [...BUILTIN_VOICES];
  const target = Math.min(padTo ?? 0, MAX_SYNTHETIC);
  for (let n = 1; list.length < target; n++) list.push(syntheticVoice(n));
  return list;
}

/** Adds `preview_url` (`{base}/samples/<id>.mp3`, as the contract describes). */
export function toWire(voice: VoiceInfo, baseUrl: string): WireVoice {
  return { ...voice, preview_url: `${baseUrl}/samples/${voice.id}.mp3` };
}

/** The sentence a voice's preview sample speaks. */
export function sampleText(voice: VoiceInfo): string {
  const lang = languageByCode(voice.language) as Language;
  return lang.greeting.replace('{name}', voice.name.replace(/ \(.*\)$/, ''));
}
