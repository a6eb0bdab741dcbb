import { describe, expect, it } from 'vitest';
import { cuesOfJson3 } from './youtube-json3';

// As the player downloads them (fmt=json3): a window event first, then captions; speech
// recognition's words in segments with offsets, and "append" events carrying its line breaks.
const written = {
  wireMagic: 'pb3',
  pens: [{}],
  wsWinStyles: [{}, { mhModeHint: 2, juJustifCode: 0, sdScrollDir: 3 }],
  wpWinPositions: [{}, { apPoint: 6, ahHorPos: 20, avVerPos: 100 }],
  events: [
    { tStartMs: 0, dDurationMs: 8000, id: 1, wpWinPosId: 1, wsWinStyleId: 1 },
    { tStartMs: 200, dDurationMs: 1600, segs: [{ utf8: 'The river rises\nat  dawn.' }] },
    { tStartMs: 2000, dDurationMs: 1800, segs: [{ utf8: 'Boats wait by the ' }, { utf8: 'old', pPenId: 1 }, { utf8: ' bridge.' }] },
    { tStartMs: 4000, dDurationMs: 1800, segs: [{ utf8: 'Fishermen & children <wave>.' }] },
    { tStartMs: 6000, dDurationMs: 1800, segs: [{ utf8: '\n' }] },
  ],
};

const recognised = {
  wireMagic: 'pb3',
  events: [
    { tStartMs: 0, dDurationMs: 5040, id: 1, wpWinPosId: 1, wsWinStyleId: 1 },
    { tStartMs: 120, dDurationMs: 4920, wWinId: 1, segs: [{ utf8: 'so', acAsrConf: 0 }, { utf8: ' today', tOffsetMs: 240 }, { utf8: ' we', tOffsetMs: 600 }] },
    { tStartMs: 2390, dDurationMs: 2650, wWinId: 1, aAppend: 1, segs: [{ utf8: '\n' }] },
    { tStartMs: 2400, dDurationMs: 3000, wWinId: 1, segs: [{ utf8: 'go' }, { utf8: ' out', tOffsetMs: 320 }] },
    { tStartMs: 5400, wWinId: 1, segs: [{ utf8: 'live' }] },
    { tStartMs: 6000, dDurationMs: 500, wWinId: 1, segs: [{ utf8: 'end' }] },
  ],
};

describe('YouTube json3 captions', () => {
  it('reads each caption’s segments as one text, its times from milliseconds to seconds; window events say nothing', () => {
    expect(cuesOfJson3(written)).toEqual([
      { id: '0', start: 0.2, end: 1.8, text: 'The river rises\nat dawn.' },
      { id: '1', start: 2, end: 3.8, text: 'Boats wait by the old bridge.' },
      { id: '2', start: 4, end: 5.8, text: 'Fishermen & children <wave>.' },
    ]);
  });

  it('joins recognised speech’s word segments, drops the empty “append” events, and ends a caption without a duration at the next', () => {
    expect(cuesOfJson3(recognised)).toEqual([
      { id: '0', start: 0.12, end: 5.04, text: 'so today we' },
      { id: '1', start: 2.4, end: 5.4, text: 'go out' },
      { id: '2', start: 5.4, end: 6, text: 'live' },
      { id: '3', start: 6, end: 6.5, text: 'end' },
    ]);
  });

  it('gives no cues for what is not a json3 file', () => {
    expect(cuesOfJson3(null)).toEqual([]);
    expect(cuesOfJson3({ events: 'x' })).toEqual([]);
    expect(cuesOfJson3({ events: [{ tStartMs: 'a', segs: [{ utf8: 'x' }] }, { tStartMs: 5, segs: [{ utf8: 7 }] }] })).toEqual([]);
  });
});
