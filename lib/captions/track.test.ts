import { describe, expect, it } from 'vitest';
import type { Cue } from './cue';
import { trackLength, trackParts } from './track';

const cues: Cue[] = [
  { id: '0', start: 0.2, end: 1.8, text: 'The river\nrises at dawn.' },
  { id: '1', start: 2, end: 3.8, text: 'Boats wait.' },
  { id: '2', start: 4, end: 5, text: '' },
  { id: '3', start: 6, end: 7.8, text: 'Gold at dusk.' },
];

describe('the spoken track’s plan', () => {
  it('places each translated caption at its cue’s start, in order; one not translated (or with nothing to say) leaves silence', () => {
    const translations: Record<string, string> = { '0': '[ES] El río', '2': 'nothing', '3': '[ES] Oro' };
    expect(trackParts(cues, (id) => translations[id] ?? null)).toEqual([
      { text: '[ES] El río', atSec: 0.2, endSec: 2 },
      { text: '[ES] Oro', atSec: 6, endSec: 7.8 },
    ]);
  });

  it('lasts as long as the video, or up to the last caption’s end when its length is unknown', () => {
    expect(trackLength(cues, 8.04)).toBe(8.04);
    expect(trackLength(cues, null)).toBe(7.8);
    expect(trackLength(cues, Number.POSITIVE_INFINITY)).toBe(7.8);
  });
});
