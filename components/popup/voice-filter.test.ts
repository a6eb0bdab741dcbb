import { describe, expect, it } from 'vitest';
import type { Voice } from '@/lib/api/schemas';
import { filterVoices, fold, indexVoices } from './voice-filter';

const voice = (id: string, name: string, language: string, gender = 'female'): Voice => ({
  id, name, language, gender, preview_url: `https://x.test/${id}.mp3`,
});

const thousand = Array.from({ length: 1000 }, (_, i) =>
  voice(`syn-${i + 1}`, `Synthetic ${i + 1}`, ['en', 'fr', 'de', 'ja'][i % 4]!, i % 2 ? 'male' : 'female'));

describe('voice filter', () => {
  it('groups by language name and sorts names numerically', () => {
    const index = indexVoices([voice('b', 'Bob', 'fr'), voice('a', 'Zoe', 'en-GB'), voice('c', 'Amélie', 'fr')]);
    const { groups } = filterVoices(index, { search: '', language: '', gender: '' }, 10);
    expect(groups.map((g) => [g.language, g.voices.map((v) => v.name)])).toEqual([['en', ['Zoe']], ['fr', ['Amélie', 'Bob']]]);
  });

  it('finds by part of the name, accents and case ignored, every word required', () => {
    const index = indexVoices([voice('c', 'Amélie', 'fr'), voice('d', 'Amelia Rose', 'en')]);
    expect(filterVoices(index, { search: 'AMEL', language: '', gender: '' }, 10).total).toBe(2);
    expect(filterVoices(index, { search: 'amel rose', language: '', gender: '' }, 10).groups[0]!.voices[0]!.id).toBe('d');
    expect(fold('  Élodie ')).toBe('elodie');
  });

  it('filters by language and gender and bounds the list, counting every match', () => {
    const index = indexVoices(thousand);
    const all = filterVoices(index, { search: '', language: '', gender: '' }, 100);
    expect(all.total).toBe(1000);
    expect(all.groups.flatMap((g) => g.voices)).toHaveLength(100);
    const some = filterVoices(index, { search: '', language: 'fr', gender: 'male' }, 100);
    expect(some.total).toBe(250);
    expect(some.groups.every((g) => g.language === 'fr' && g.voices.every((v) => v.gender === 'male'))).toBe(true);
    expect(filterVoices(index, { search: 'synthetic 777', language: '', gender: '' }, 100).groups[0]!.voices.map((v) => v.id)).toContain('syn-777');
  });

  it('a keystroke searches the index made once: the names are not folded again (its time is measured in bench/plan.ts)', () => {
    const voices = thousand.map((v) => ({ ...v }));
    const index = indexVoices(voices);
    // Renamed after indexing: a search that folded every name again would see the new names.
    for (const v of voices) v.name = 'Renamed';
    const found = filterVoices(index, { search: 'synth 777', language: '', gender: '' }, 100);
    expect(found.groups.flatMap((g) => g.voices.map((v) => v.id))).toEqual(['syn-777']);
    expect(filterVoices(index, { search: 'renamed', language: '', gender: '' }, 100).total).toBe(0);
  });
});
