import { describe, expect, it } from 'vitest';
import { translationCost } from '../translate/cost';
import { CUE_SEPARATOR, nextBatch, oneByOne, plannedBatches, splitAnswer, type CueBatch } from './ahead';
import type { Cue } from './cue';

/** A cue every 3 s, each 2.5 s on screen, saying "line <n>". */
function everyThreeSeconds(count: number, text = (i: number) => `line ${i}`): Cue[] {
  return Array.from({ length: count }, (_, i) => ({ id: `c${i}`, start: i * 3, end: i * 3 + 2.5, text: text(i) }));
}
const ids = (batch: CueBatch | null) => batch?.items.flatMap((item) => item.cueIds) ?? [];
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `c${from + i}`);

describe('nextBatch', () => {
  const cues = everyThreeSeconds(100);

  it('sends the cues of the next 30 s from the playhead, joined by a blank line, priced as one request', () => {
    const batch = nextBatch(cues, 0, new Set());
    expect(ids(batch)).toEqual(range(0, 10));
    expect(batch!.text).toBe(range(0, 10).map((id) => `line ${id.slice(1)}`).join('\n\n'));
    expect(batch!.cost).toBe(translationCost(batch!.text));
  });

  it('includes the caption on screen and leaves out the one that has ended', () => {
    // At 4 s: c0 (0–2.5) has ended, c1 (3–5.5) is on screen.
    expect(ids(nextBatch(cues, 4, new Set())).slice(0, 2)).toEqual(['c1', 'c2']);
    expect(ids(nextBatch(cues, 4, new Set()))).not.toContain('c0');
  });

  it('waits while half a batch of lead is left, then sends the next 30 s', () => {
    const settled = new Set(range(0, 10));
    expect(nextBatch(cues, 5, settled)).toBeNull();
    expect(nextBatch(cues, 14.9, settled)).toBeNull();
    // c10 starts at 30: 15 s ahead.
    expect(ids(nextBatch(cues, 15, settled))).toEqual(range(10, 20));
  });

  it('sends nothing after a seek back into what is translated', () => {
    const settled = new Set(range(0, 30));
    expect(nextBatch(cues, 0, settled)).toBeNull();
    expect(nextBatch(cues, 40, settled)).toBeNull();
  });

  it('after a seek forward, starts at the new playhead and never sends what was jumped over', () => {
    const settled = new Set(range(0, 10));
    const batch = nextBatch(cues, 150, settled);
    expect(ids(batch)).toEqual(range(50, 60));
    for (const id of ids(batch)) settled.add(id);
    // Watching on from there: the next batch continues at c60; c10–c49 are behind and never sent.
    const next = nextBatch(cues, 166, settled);
    expect(ids(next)).toEqual(range(60, 70));
    expect(ids(nextBatch(cues, 250, new Set([...settled, ...ids(next)])))).not.toContain('c49');
  });

  it('skips cues in flight, so a batch sent is not sent again while it is out', () => {
    const inFlight = new Set(['c0', 'c1', 'c2']);
    // The 30 s run from the first cue still to send (c3, at 9 s).
    expect(ids(nextBatch(cues, 0, inFlight))).toEqual(range(3, 13));
  });

  it('sends a cue wrapped on two lines as one line, so its line break is not read as a separator', () => {
    const batch = nextBatch([{ id: 'a', start: 0, end: 2, text: 'I never thought\nI would see you' }, { id: 'b', start: 2, end: 4, text: 'Me neither' }], 0, new Set());
    expect(batch!.text).toBe('I never thought I would see you\n\nMe neither');
  });

  it('keeps to the character cap with whole cues, and sends a cue longer than the cap alone', () => {
    const long = everyThreeSeconds(10, (i) => String(i).repeat(40));
    // 40 + 2 + 40 = 82 fits in 90; a third cue would make 124.
    expect(nextBatch(long, 0, new Set(), { maxChars: 90 })!.items.map((item) => item.text.length)).toEqual([40, 40]);
    expect(ids(nextBatch(long, 0, new Set(['c0', 'c1']), { maxChars: 90 }))).toEqual(['c2', 'c3']);
    expect(ids(nextBatch(long, 0, new Set(), { maxChars: 30 }))).toEqual(['c0']);
    for (let cap = 40; cap < 300; cap += 7) expect(nextBatch(long, 0, new Set(), { maxChars: cap })!.text.length).toBeLessThanOrEqual(cap);
  });

  it('sends a text said by several cues once, for all of them', () => {
    const repeated = everyThreeSeconds(6, (i) => (i % 2 ? 'Thank you.' : `line ${i}`));
    const batch = nextBatch(repeated, 0, new Set())!;
    expect(batch.items).toEqual([
      { text: 'line 0', cueIds: ['c0'] },
      { text: 'Thank you.', cueIds: ['c1', 'c3', 'c5'] },
      { text: 'line 2', cueIds: ['c2'] },
      { text: 'line 4', cueIds: ['c4'] },
    ]);
  });

  it('never sends a cue with nothing to say', () => {
    expect(nextBatch([{ id: 'x', start: 0, end: 1, text: '' }], 0, new Set())).toBeNull();
  });
});

describe('splitAnswer and the one-by-one fallback', () => {
  const batch = nextBatch(everyThreeSeconds(6, (i) => (i === 4 ? 'line 1' : `line ${i}`)), 0, new Set())!;

  it('gives each cue the part in its place, whatever spaces the service puts around the breaks', () => {
    const answer = '  ligne 0 \n \n ligne 1\n\n\nligne 2\n\nligne 3\n\nligne 5\n';
    expect(Object.fromEntries(splitAnswer(batch, answer)!)).toEqual({ c0: 'ligne 0', c1: 'ligne 1', c4: 'ligne 1', c2: 'ligne 2', c3: 'ligne 3', c5: 'ligne 5' });
  });

  it('makes a part the service wrapped onto two lines one line again', () => {
    expect(splitAnswer(batch, 'a\n\nb\nb\n\nc\n\nd\n\ne')!.get('c1')).toBe('b b');
  });

  it('refuses an answer with fewer or more parts, or an empty one, rather than shift translations', () => {
    expect(splitAnswer(batch, 'a\n\nb c\n\nd\n\ne')).toBeNull();
    expect(splitAnswer(batch, 'a\n\nb\n\nc\n\nd\n\ne\n\nf')).toBeNull();
    expect(splitAnswer(batch, 'a b c d e')).toBeNull();
    expect(splitAnswer(batch, '')).toBeNull();
  });

  it('falls back to one request per text, whose whole answer is its translation', () => {
    const singles = oneByOne(batch);
    expect(singles.map((single) => single.items)).toEqual(batch.items.map((item) => [item]));
    expect(singles.map((single) => single.cost)).toEqual(batch.items.map((item) => translationCost(item.text)));
    expect(Object.fromEntries(splitAnswer(singles[1]!, 'ligne\n\nun')!)).toEqual({ c1: 'ligne un', c4: 'ligne un' });
    expect(splitAnswer(singles[0]!, '  ')).toBeNull();
  });

  it('puts every translation under its own cue when a service merges two parts of a batch', () => {
    const cues = everyThreeSeconds(20);
    // Merges the first two parts of anything with a break in it, as a careless translator might.
    const service = (text: string) => text.toUpperCase().replace('\n\n', ' ');
    const shown = new Map<string, string>();
    const settled = new Set<string>();
    let sent = 0;
    for (let playhead = 0; playhead < 60; playhead += 0.25) {
      const batch = nextBatch(cues, playhead, settled);
      if (!batch) continue;
      for (const id of ids(batch)) settled.add(id);
      sent += 1;
      const answer = splitAnswer(batch, service(batch.text)) ?? new Map(oneByOne(batch).flatMap((single) => [...splitAnswer(single, service(single.text))!]));
      for (const [id, translation] of answer) shown.set(id, translation);
    }
    expect(sent).toBe(2);
    for (const cue of cues) expect(shown.get(cue.id)).toBe(cue.text.toUpperCase());
  });
});

describe('plannedBatches', () => {
  it('covers every cue once, in 30 s batches, as a straight watch sends them', () => {
    const cues = everyThreeSeconds(100);
    const batches = plannedBatches(cues);
    expect(batches.map(ids)).toEqual(Array.from({ length: 10 }, (_, k) => range(k * 10, k * 10 + 10)));
  });

  it('sends a repeated text once, the cache answering its later cues', () => {
    const cues = everyThreeSeconds(40, (i) => (i % 10 === 9 ? 'Thank you.' : `line ${i}`));
    const sentTexts = plannedBatches(cues).flatMap((batch) => batch.items.map((item) => item.text));
    expect(sentTexts.filter((text) => text === 'Thank you.')).toHaveLength(1);
    expect(new Set(sentTexts).size).toBe(sentTexts.length);
    expect(sentTexts).toHaveLength(37);
  });

  it('waits through a long stretch without captions and keeps to the cap', () => {
    const cues: Cue[] = [
      { id: 'a', start: 1, end: 2, text: 'x'.repeat(30) },
      { id: 'b', start: 2, end: 3, text: 'y'.repeat(30) },
      { id: 'c', start: 600, end: 601, text: 'z'.repeat(30) },
    ];
    expect(plannedBatches(cues, { maxChars: 40 }).map(ids)).toEqual([['a'], ['b'], ['c']]);
    expect(plannedBatches(cues).map(ids)).toEqual([['a', 'b'], ['c']]);
    expect(plannedBatches([])).toEqual([]);
    expect(CUE_SEPARATOR).toBe('\n\n');
  });
});
