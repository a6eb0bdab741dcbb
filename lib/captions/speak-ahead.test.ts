import { describe, expect, it } from 'vitest';
import type { Cue } from './cue';
import { speechToFetch } from './speak-ahead';

const cues: Cue[] = [
  { id: '0', start: 0.2, end: 1.8, text: 'one' },
  { id: '1', start: 2, end: 3.8, text: 'two' },
  { id: '2', start: 4, end: 5.8, text: 'three' },
  { id: '3', start: 6, end: 7.8, text: 'one' },
  { id: '4', start: 8, end: 9, text: 'four' },
];
const translated = (ids: string[]) => (id: string) => (ids.includes(id) ? `[ES] ${cues[Number(id)]!.text}` : null);

describe('speechToFetch', () => {
  it('asks for the next few translated captions from the playhead on, not one already started', () => {
    const got = speechToFetch(cues, 0.5, translated(['0', '1', '2', '3', '4']), new Set(), { aheadSec: 6, maxCues: 3 });
    expect(got.map((g) => g.cue.id)).toEqual(['1', '2', '3']);
  });

  it('waits for a translation, and asks for a text once (a repeated caption and one asked before)', () => {
    expect(speechToFetch(cues, 0, translated(['1']), new Set(), { aheadSec: 6 }).map((g) => g.text)).toEqual(['[ES] two']);
    expect(speechToFetch(cues, 0, translated(['0', '1', '3']), new Set(['[ES] two']), { aheadSec: 10, maxCues: 4 }).map((g) => g.cue.id)).toEqual(['0']);
  });

  it('reaches no further than its window: nothing for a part of the video not reached', () => {
    expect(speechToFetch(cues, 0, translated(['0', '1', '2', '3', '4']), new Set(), { aheadSec: 2.5, maxCues: 5 }).map((g) => g.cue.id)).toEqual(['0', '1']);
  });
});
