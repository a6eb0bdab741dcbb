import type { Voice } from '@/lib/api/schemas';
import { baseCode, languageByCode } from '@/lib/language';

/** A voice prepared once for fast filtering. */
export interface IndexedVoice {
  voice: Voice;
  /** Base language code ('en' for 'en-GB'). */
  language: string;
  /** Lowercased name without accents, for search. */
  key: string;
}

export interface VoiceQuery {
  search: string;
  language: string;
  gender: string;
}

export interface VoiceGroup {
  language: string;
  voices: Voice[];
}

/** Search text folded as the index is: lowercase, accents removed ("Amélie" finds "amelie"). */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
}

/** A language's name from the table, with its own name beside it when that differs. */
export function languageLabel(code: string): string {
  const language = languageByCode(code);
  if (!language) return code;
  return language.native === language.name ? language.name : `${language.name} · ${language.native}`;
}

/** Indexes voices once per list, sorted by language name then voice name ("Voice 9" before "Voice 10"). */
export function indexVoices(voices: readonly Voice[]): IndexedVoice[] {
  // One collator for the whole sort: String#localeCompare builds one per call, 20,000 times for 1,000 voices.
  const collator = new Intl.Collator(undefined, { numeric: true });
  const entries = voices.map((voice) => {
    const language = baseCode(voice.language);
    return { voice, language, key: fold(voice.name), sortName: languageByCode(language)?.name ?? language };
  });
  entries.sort((a, b) => collator.compare(a.sortName, b.sortName) || collator.compare(a.voice.name, b.voice.name));
  return entries.map(({ voice, language, key }) => ({ voice, language, key }));
}

/**
 * The voices matching a query, grouped by language, at most `limit` of them (a list of 1,000
 * radio buttons is slow to render and useless to scroll); `total` counts every match.
 * Every search word must appear in the name.
 */
export function filterVoices(index: readonly IndexedVoice[], query: VoiceQuery, limit: number): { groups: VoiceGroup[]; total: number } {
  const words = fold(query.search).split(/\s+/).filter(Boolean);
  const groups: VoiceGroup[] = [];
  let total = 0;
  for (const entry of index) {
    if (query.language && entry.language !== query.language) continue;
    if (query.gender && entry.voice.gender !== query.gender) continue;
    if (!words.every((word) => entry.key.includes(word))) continue;
    total++;
    if (total > limit) continue;
    const last = groups[groups.length - 1];
    if (last?.language === entry.language) last.voices.push(entry.voice);
    else groups.push({ language: entry.language, voices: [entry.voice] });
  }
  return { groups, total };
}
