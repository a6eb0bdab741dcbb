import type { z } from 'zod';
import { ServiceError } from './errors';
import {
  TTS_MAX_CHARS,
  translateRequestSchema,
  ttsRequestSchema,
  type TranslateRequest,
  type TtsRequest,
} from './schemas';

const count = (n: number) => n.toLocaleString('en-US');

function invalid(message: string): ServiceError {
  return new ServiceError('invalidRequest', message);
}

function textProblem(text: unknown): string {
  if (typeof text === 'string' && text.length > TTS_MAX_CHARS) {
    return `The text is ${count(text.length)} characters; the service takes at most ${count(TTS_MAX_CHARS)} per request.`;
  }
  return 'The text is empty. Select some text and try again.';
}

const FIELD_MESSAGES: Record<string, string> = {
  voice_id: 'No voice is selected. Choose a voice in the options and try again.',
  language: 'The language must be a two-letter code such as en or es.',
  speed: 'Speed must be between 0.5 and 2.0.',
  format: 'Format must be mp3 or wav.',
  target_language: 'No target language is selected. Choose one and try again.',
  source_language: 'The source language must be a language name such as English, or left out.',
};

function firstProblem(error: z.ZodError, input: unknown): string {
  const field = String(error.issues[0]?.path[0] ?? '');
  if (field === 'text') return textProblem((input as { text?: unknown } | null)?.text);
  return FIELD_MESSAGES[field] ?? 'The request is not valid. Check the text and settings.';
}

/** Validates a speech request before any network use; throws `invalidRequest` with a plain message. */
export function validateTtsRequest(req: TtsRequest) {
  const parsed = ttsRequestSchema.safeParse(req);
  if (!parsed.success) throw invalid(firstProblem(parsed.error, req));
  return parsed.data;
}

/** Validates a translation request before any network use; throws `invalidRequest`. */
export function validateTranslateRequest(req: TranslateRequest) {
  const parsed = translateRequestSchema.safeParse(req);
  if (!parsed.success) throw invalid(firstProblem(parsed.error, req));
  return parsed.data;
}
