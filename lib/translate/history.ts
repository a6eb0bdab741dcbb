import * as z from 'zod/mini';
import { voxlateDb } from '../storage/database';

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
/** Longest text kept per field: the history is for glancing back, 50 entries stay within a few MB. */
export const HISTORY_TEXT_LIMIT = 5000;

/** A history entry as stored; checked on every read. */
export const historyEntrySchema = z.object({
  id: z.string(),
  sourceText: z.string(),
  translation: z.string(),
  sourceLanguage: z.nullable(z.string()),
  targetLanguage: z.string(),
  cost: z.number(),
  at: z.number(),
  truncated: z.optional(z.boolean()),
});

/** Recent translations, newest first. Damaged entries are left out rather than failing the list. */
export async function getHistory(): Promise<HistoryEntry[]> {
  const oldestFirst = await (await voxlateDb()).getAllFromIndex('history', 'at');
  return oldestFirst
    .reverse()
    .flatMap((item) => {
      const parsed = historyEntrySchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    })
    .slice(0, HISTORY_LIMIT);
}

/**
 * Adds a translation at the top. A previous entry for the same text and languages is removed, so
 * switching the target back and forth does not push everything else out; so are damaged entries
 * and the oldest beyond {@link HISTORY_LIMIT}.
 */
export async function addHistory(entry: Omit<HistoryEntry, 'id' | 'at' | 'truncated'> & { at?: number }): Promise<HistoryEntry> {
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
  // One transaction: two translations finishing together (in any context) cannot undo each other.
  const tx = (await voxlateDb()).transaction('history', 'readwrite');
  const store = tx.objectStore('history');
  const [values, keys] = await Promise.all([store.getAll(), store.getAllKeys()]);
  const drop: string[] = [];
  const kept: HistoryEntry[] = [];
  values.forEach((value, i) => {
    const parsed = historyEntrySchema.safeParse(value);
    if (!parsed.success || sameTranslation(parsed.data, added)) drop.push(keys[i]!);
    else kept.push(parsed.data);
  });
  kept.sort((a, b) => b.at - a.at);
  // Newest first means strictly later: two translations finishing in the same millisecond would
  // otherwise be listed in the order of their random ids.
  if (entry.at === undefined && kept.length && kept[0]!.at >= added.at) added.at = kept[0]!.at + 1;
  drop.push(...kept.slice(HISTORY_LIMIT - 1).map((e) => e.id));
  await Promise.all([...drop.map((key) => store.delete(key)), store.put(added)]);
  await tx.done;
  return added;
}

/** Deletes every entry. */
export async function clearHistory(): Promise<void> {
  await (await voxlateDb()).clear('history');
}

function sameTranslation(a: HistoryEntry, b: HistoryEntry): boolean {
  return a.sourceText === b.sourceText && a.sourceLanguage === b.sourceLanguage && a.targetLanguage === b.targetLanguage;
}

function clip(text: string): string {
  if (text.length <= HISTORY_TEXT_LIMIT) return text;
  // Don't leave half a surrogate pair at the cut.
  const end = /[\uD800-\uDBFF]/.test(text[HISTORY_TEXT_LIMIT - 2] ?? '') ? HISTORY_TEXT_LIMIT - 2 : HISTORY_TEXT_LIMIT - 1;
  return `${text.slice(0, end)}…`;
}
