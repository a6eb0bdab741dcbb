import { describe, expect, it } from 'vitest';
import type { GlossaryEntry } from './entry';
import { glossaryFromSyncPieces, glossaryToSyncPieces, SYNC_ITEM_BYTES } from './sync-chunks';

const entry = (i: number, say = `said ${i}`): GlossaryEntry => ({ term: `Wort ${i} – ü`, translate: { mode: 'free' }, say, language: null, site: null, case: 'auto' });

describe('the glossary in sync storage', () => {
  it('goes as items under the per-item quota and comes back whole', () => {
    const glossary = Array.from({ length: 300 }, (_, i) => entry(i));
    const pieces = glossaryToSyncPieces(glossary)!;
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(new TextEncoder().encode(JSON.stringify(piece)).length).toBeLessThanOrEqual(SYNC_ITEM_BYTES);
    expect(glossaryFromSyncPieces(pieces)).toEqual(glossary);
    expect(glossaryToSyncPieces([])).toEqual(['[]']);
  });

  it('a glossary over the quota stays local (null); pieces that are not a list read as none', () => {
    expect(glossaryToSyncPieces(Array.from({ length: 1000 }, (_, i) => entry(i, 'x'.repeat(150))))).toBeNull();
    expect(glossaryFromSyncPieces(['[{"term"', 3])).toBeNull();
    expect(glossaryFromSyncPieces(['{"a":', '1}'])).toBeNull();
  });
});
