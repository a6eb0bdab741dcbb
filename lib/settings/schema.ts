import { z } from 'zod';

/**
 * Everything the user sets except the API key (which is its own storage item, read only by the
 * background). Every field has a default so a damaged or partial value still yields usable settings.
 */
export const settingsSchema = z.object({
  /** Base address of the service; empty until the user sets it up. */
  serviceUrl: z.string().catch(''),
  /** Default voice id; null lets the extension pick one for the text's language. */
  voiceId: z.string().nullable().catch(null),
  speed: z.number().min(0.5).max(2).catch(1),
  format: z.enum(['mp3', 'wav']).catch('mp3'),
  /** Highlight the sentence being read on the page. */
  highlight: z.boolean().catch(true),
  /** Translation target as a language code; null follows the browser's language. */
  targetLanguage: z.string().nullable().catch(null),
});

export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

/** Parses stored settings, repairing any field that is missing or malformed with its default. */
export function parseSettings(raw: unknown): Settings {
  return settingsSchema.parse(typeof raw === 'object' && raw !== null ? raw : {});
}
