import type { z } from 'zod';
import { formatNumber, t, type MessageKey } from '../i18n';
import { ServiceError } from './errors';
import {
  TTS_MAX_CHARS,
  translateRequestSchema,
  ttsRequestSchema,
  type TranslateRequest,
  type TtsRequest,
} from './schemas';

function invalid(message: string): ServiceError {
  return new ServiceError('invalidRequest', message);
}

function textProblem(text: unknown): string {
  if (typeof text === 'string' && text.length > TTS_MAX_CHARS) {
    return t('requestTextTooLong', [formatNumber(text.length), formatNumber(TTS_MAX_CHARS)]);
  }
  return t('requestTextEmpty');
}

const FIELD_MESSAGES: Partial<Record<string, MessageKey>> = {
  voice_id: 'requestNoVoice',
  language: 'requestBadLanguage',
  speed: 'requestBadSpeed',
  format: 'requestBadFormat',
  target_language: 'requestNoTarget',
  source_language: 'requestBadSource',
};

function firstProblem(error: z.ZodError, input: unknown): string {
  const field = String(error.issues[0]?.path[0] ?? '');
  if (field === 'text') return textProblem((input as { text?: unknown } | null)?.text);
  return t(FIELD_MESSAGES[field] ?? 'requestInvalid');
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
