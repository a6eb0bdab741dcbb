import { storage } from '#imports';
import * as z from 'zod/mini';
import { createSerial } from '../serial';

/** A translation the user made, kept on this device only (never sent anywhere). */
export interface HistoryEntry {
  id: string;
  sourceText: string;
  translation: string;
  /** Source language code; null when the service named one not in our table. */
  sourceLanguage: string | null;
  targetLanguage: string;
  /** Credits it cost; 0 when served from the cache. */
  cost: number;
  /** When it was made (ms since epoch). */
  at: number;
  /** Set when the texts were shortened to {@link HISTORY_TEXT_LIMIT} for storage. */
  truncated?: boolean;
}

/** Most entries kept; older ones drop off. */
export const HISTORY_LIMIT = 50;
/** Longest text kept per field: 50 long translations must not fill storage.local's 10 MB. */
export const HISTORY_TEXT_LIMIT = 5000;

const entrySchema = z.object({
  id: z.string(),
  sourceText: z.string(),
  translation: z.string(),
  sourceLanguage: z.nullable(z.string()),
  targetLanguage: z.string(),
  cost: z.number(),
  at: z.number(),
  truncated: z.optional(z.boolean()),
});

const historyItem = storage.defineItem<unknown[]>('local:translationHistory', { fallback: [] });
const serial = createSerial();

/** Recent translations, newest first. Damaged entries are left out rather than failing the list. */
export async function getHistory(): Promise<HistoryEntry[]> {
  const raw = await historyItem.getValue();
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const parsed = entrySchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Adds a translation at the top. A previous entry for the same text and languages is removed, so
 * switching the target back and forth does not push everything else out.
 */
export function addHistory(entry: Omit<HistoryEntry, 'id' | 'at' | 'truncated'> & { at?: number }): Promise<HistoryEntry> {
  return serial(async () => {
    const truncated = entry.sourceText.length > HISTORY_TEXT_LIMIT || entry.translation.length > HISTORY_TEXT_LIMIT;
    const added: HistoryEntry = {
      id: crypto.randomUUID(),
      sourceText: clip(entry.sourceText),
      translation: clip(entry.translation),
      sourceLanguage: entry.sourceLanguage,
      targetLanguage: entry.targetLanguage,
      cost: entry.cost,
      at: entry.at ?? Date.now(),
      ...(truncated ? { truncated } : {}),
    };
    const rest = (await getHistory()).filter(
      (e) => !(e.sourceText === added.sourceText && e.sourceLanguage === added.sourceLanguage && e.targetLanguage === added.targetLanguage),
    );
    await historyItem.setValue([added, ...rest].slice(0, HISTORY_LIMIT));
    return added;
  });
}

/** Deletes every entry. */
export function clearHistory(): Promise<void> {
  return serial(() => historyItem.removeValue());
}

function clip(text: string): string {
  if (text.length <= HISTORY_TEXT_LIMIT) return text;
  // Don't leave half a surrogate pair at the cut.
  const end = /[\uD800-\uDBFF]/.test(text[HISTORY_TEXT_LIMIT - 2] ?? '') ? HISTORY_TEXT_LIMIT - 2 : HISTORY_TEXT_LIMIT - 1;
  return `${text.slice(0, end)}…`;
}
