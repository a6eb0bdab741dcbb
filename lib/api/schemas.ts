import { z } from 'zod';
import { formatNumber, t, type MessageKey } from '../i18n';
import { ServiceError } from './errors';

// Response schemas: z.object drops unknown keys, so new server fields never break parsing,
// while a missing or wrong-typed field we rely on is a badResponse.

export const voiceSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  language: z.string(),
  // Open set: the contract names female and male but allows other values.
  gender: z.string(),
  preview_url: z.string(),
});
export type Voice = z.infer<typeof voiceSchema>;

export const voicesResponseSchema = z.object({ voices: z.array(voiceSchema) });
export type VoicesResponse = z.infer<typeof voicesResponseSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  credits: z.number(),
  // Raw string kept so a new plan name shows up in the UI; limits use planFromString.
  plan: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = z.object({ user: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

export const translateResponseSchema = z.object({
  // The contract always sends success/languages; only the translation is indispensable.
  success: z.boolean().optional(),
  translation: z.string(),
  source_language: z.string().optional(),
  target_language: z.string().optional(),
});
export type TranslateResponse = z.infer<typeof translateResponseSchema>;

export const PLANS = ['free', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/**
 * Maps the server's plan string to a known plan. Unknown values become 'free' because its
 * limits are the lowest: guessing high would earn 429s, guessing low only costs some speed.
 */
export function planFromString(s: string | null | undefined): Plan {
  const normalized = s?.trim().toLowerCase();
  return PLANS.find((p) => p === normalized) ?? 'free';
}

export const TTS_MAX_CHARS = 5000;

export const ttsRequestSchema = z.object({
  text: z
    .string()
    .max(TTS_MAX_CHARS)
    .refine((s) => s.trim().length > 0, 'empty'),
  voice_id: z.string().trim().min(1),
  language: z.string().regex(/^[a-z]{2}$/).optional(),
  speed: z.number().min(0.5).max(2).optional(),
  format: z.enum(['mp3', 'wav']).optional(),
});
export type TtsRequest = z.input<typeof ttsRequestSchema>;
export type AudioFormat = 'mp3' | 'wav';

export const translateRequestSchema = z.object({
  text: z.string().refine((s) => s.trim().length > 0, 'empty'),
  target_language: z.string().trim().min(1),
  source_language: z.string().trim().min(1).optional(),
});
export type TranslateRequest = z.input<typeof translateRequestSchema>;

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
