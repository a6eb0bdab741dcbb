/**
 * The four `/api/v1/*` endpoints of the contract. Each returns a built Reply; the server
 * pipeline around them does auth, limits, faults, latency, charging and logging.
 */
import type { EmulatorAccount } from './accounts.ts';
import { userId } from './accounts.ts';
import { encodeMp3, encodeWav, MP3_ENCODER } from './audio.ts';
import { createAudioCache } from './audio-cache.ts';
import { synthesize } from './espeak.ts';
import { errorReply, jsonReply, rawReply, type Reply } from './http-util.ts';
import { BUILTIN_VOICES, sampleText, toWire, voiceById, voicesFor, type VoiceInfo } from './voices.ts';
import { charCount, languageByCode, languageByName, LANGUAGES, type Language } from './languages.ts';
import { detectLanguage, SUPPORTED_NAMES } from './translate.ts';
import { translateWith, type TranslatorMode } from './translator-mode.ts';

/** Rendered speech, shared by every emulator in this process and every run on the machine. */
const speech = createAudioCache();

/** Speech text limit from the contract. */
export const MAX_TTS_CHARS = 5000;
/** Translation text limit: the contract leaves it open, the emulator picks 50,000 characters. */
export const MAX_TRANSLATE_CHARS = 50_000;

/** What an endpoint handler gets from the pipeline. */
export interface ApiContext {
  account: EmulatorAccount;
  /** Parsed JSON body (empty for GET). */
  body: Record<string, unknown>;
  /** `{base_url}` as the client addressed us, for preview URLs. */
  baseUrl: string;
  /** Whether mp3 gets its LAME Info frame (off: as an encoder that writes none). */
  mp3LameTag?: boolean;
  /** The translation rule for this account (default `phrasebook`). */
  translator?: TranslatorMode;
  /** Takes `cost` credits up front; returns the 402 reply instead when the balance is too low. */
  reserve(cost: number): Reply | null;
}

/** Speech cost: one credit per started 100 characters, at least 1. */
export function speechCost(chars: number): number {
  return Math.max(1, Math.ceil(chars / 100));
}

/** Translation cost from the contract: `ceil(len / 10)` (at least 1, empty text being refused). */
export function translationCost(chars: number): number {
  return Math.max(1, Math.ceil(chars / 10));
}

const bad = (message: string): Reply => errorReply(400, 'invalid_request', message);

/** Optional fields: JSON null is treated like an absent field. */
const given = (v: unknown): boolean => v !== undefined && v !== null;

/** Validates `text` shared by tts and translate; returns its character count or a 400. */
function checkText(text: unknown, max: number): number | Reply {
  if (!given(text)) return bad('The field "text" is required.');
  if (typeof text !== 'string') return bad('The field "text" must be a string.');
  if (text.trim() === '') return bad('The field "text" must not be empty.');
  const chars = charCount(text);
  if (chars > max) return bad(`The text is ${chars} characters long; the maximum is ${max}.`);
  return chars;
}

/** Whether a voice id is in the list this account sees (synthetic ids only when padded far enough). */
function accountVoice(account: EmulatorAccount, id: string): VoiceInfo | undefined {
  const voice = voiceById(id);
  if (!voice || !id.startsWith('syn-')) return voice;
  const n = Number(id.slice(4));
  return n <= (account.voices ?? 0) - BUILTIN_VOICES.length ? voice : undefined;
}

/** POST /api/v1/tts */
export async function handleTts(ctx: ApiContext): Promise<Reply> {
  const { text, voice_id, language, speed, format } = ctx.body;
  const chars = checkText(text, MAX_TTS_CHARS);
  if (typeof chars !== 'number') return chars;
  if (!given(voice_id)) return bad('The field "voice_id" is required.');
  if (typeof voice_id !== 'string') return bad('The field "voice_id" must be a string.');
  const voice = accountVoice(ctx.account, voice_id);
  if (!voice) return bad(`Unknown voice_id "${voice_id}". Use an id from GET /api/v1/voices.`);
  let lang = languageByCode(voice.language) as Language;
  if (given(language)) {
    const found = typeof language === 'string' && /^[a-z]{2}$/.test(language) ? languageByCode(language) : undefined;
    if (!found) return bad(`Unsupported language ${JSON.stringify(language)}: use a two-letter code such as ${LANGUAGES.map((l) => l.code).join(', ')}.`);
    lang = found;
  }
  let rate = 1;
  if (given(speed)) {
    if (typeof speed !== 'number' || !Number.isFinite(speed) || speed < 0.5 || speed > 2) {
      return bad('The field "speed" must be a number from 0.5 to 2.0.');
    }
    rate = speed;
  }
  let fmt: 'mp3' | 'wav' = 'mp3';
  if (given(format)) {
    if (format !== 'mp3' && format !== 'wav') return bad('The field "format" must be "mp3" or "wav".');
    fmt = format;
  }
  const denied = ctx.reserve(speechCost(chars));
  if (denied) return denied;
  const lameTag = ctx.mp3LameTag ?? true;
  const synth = { espeakVoice: lang.espeak, gender: voice.gender, speed: rate };
  const audio = await speech.get({ text, ...synth, format: fmt, lameTag, ...(fmt === 'mp3' ? { encoder: MP3_ENCODER } : {}) }, async () => {
    const pcm = await synthesize(text as string, synth);
    return fmt === 'wav' ? encodeWav(pcm) : encodeMp3(pcm, { lameTag });
  });
  return rawReply(200, fmt === 'wav' ? 'audio/wav' : 'audio/mpeg', audio, { 'Content-Disposition': `attachment; filename="tts_output.${fmt}"` });
}

/** Resolves a language NAME field of /translate, or explains what is accepted. */
function checkLanguageName(field: string, value: unknown): Language | Reply {
  if (typeof value !== 'string' || value.trim() === '') return bad(`The field "${field}" must be a language name such as "Spanish".`);
  const found = languageByName(value);
  if (found) return found;
  const byCode = languageByCode(value.trim().toLowerCase());
  const hint = byCode ? ` Use the language name "${byCode.name}", not the code "${value}".` : '';
  return bad(`Unsupported ${field} "${value}".${hint} Supported languages: ${SUPPORTED_NAMES.join(', ')}.`);
}

/** POST /api/v1/translate */
export async function handleTranslate(ctx: ApiContext): Promise<Reply> {
  const { text, target_language, source_language } = ctx.body;
  const chars = checkText(text, MAX_TRANSLATE_CHARS);
  if (typeof chars !== 'number') return chars;
  if (!given(target_language)) return bad('The field "target_language" is required.');
  const target = checkLanguageName('target_language', target_language);
  if (!('code' in target)) return target;
  let source: Language;
  if (given(source_language)) {
    const s = checkLanguageName('source_language', source_language);
    if (!('code' in s)) return s;
    source = s;
  } else {
    source = detectLanguage(text as string);
  }
  const denied = ctx.reserve(translationCost(chars));
  if (denied) return denied;
  return jsonReply(200, {
    success: true,
    translation: translateWith(ctx.translator ?? 'phrasebook', text as string, source, target),
    source_language: source.name,
    target_language: target.name,
  });
}

/** GET /api/v1/user */
export async function handleUser(ctx: ApiContext): Promise<Reply> {
  const a = ctx.account;
  return jsonReply(200, { user: { id: userId(a.key), email: a.email, credits: a.credits, plan: a.plan } });
}

/** GET /api/v1/voices (query parameters are ignored: the whole list, no paging). */
export async function handleVoices(ctx: ApiContext): Promise<Reply> {
  return jsonReply(200, { voices: voicesFor(ctx.account.voices).map((v) => toWire(v, ctx.baseUrl)) });
}

/** Renders a voice's preview: "Hello, I am <name>." in its language, as mp3. */
export async function renderSample(voice: VoiceInfo): Promise<Buffer> {
  const lang = languageByCode(voice.language) as Language;
  const synth = { espeakVoice: lang.espeak, gender: voice.gender, speed: 1 };
  const text = sampleText(voice);
  return speech.get({ text, ...synth, format: 'mp3', lameTag: true, encoder: MP3_ENCODER }, async () => encodeMp3(await synthesize(text, synth)));
}
