import { joinLines, type Cue } from './cue';

/*
 * Which captions' speech to fetch next while the captions are heard: the few about to start, so a
 * caption's audio is there when its caption starts, and none for a part of the video not reached
 * (each costs credits). Speech is asked for once a caption's translation is known.
 */

/** How far ahead of the playhead speech is fetched, in seconds of video. */
export const SPEAK_AHEAD_SEC = 12;
/** At most this many captions' speech fetched ahead at once. */
export const SPEAK_AHEAD_CUES = 3;

export interface SpeakAheadOptions {
  aheadSec?: number;
  maxCues?: number;
}

/**
 * The captions (in order of start) whose speech to ask for now: starting at the playhead or after
 * it (a caption already started is not spoken late), within `aheadSec`, with a translation known
 * and not `asked` yet (by the text said: a caption repeated is fetched once). At most `maxCues`
 * captions ahead are counted, asked or not, so a long wait for one does not reach further on.
 */
export function speechToFetch(
  cues: readonly Cue[],
  playhead: number,
  translationOf: (id: string) => string | null,
  asked: ReadonlySet<string>,
  opts: SpeakAheadOptions = {},
): { cue: Cue; text: string }[] {
  const { aheadSec = SPEAK_AHEAD_SEC, maxCues = SPEAK_AHEAD_CUES } = opts;
  const ahead = cues.filter((cue) => cue.start >= playhead && cue.start < playhead + aheadSec && joinLines(cue.text) !== '').slice(0, maxCues);
  const out: { cue: Cue; text: string }[] = [];
  const seen = new Set(asked);
  for (const cue of ahead) {
    const text = translationOf(cue.id);
    if (text === null || text.trim() === '' || seen.has(text)) continue;
    seen.add(text);
    out.push({ cue, text });
  }
  return out;
}
