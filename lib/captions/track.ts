import { joinLines, type Cue } from './cue';
import type { TrackPart } from './protocol-types';
import { slotEnd } from './slot';

/*
 * The spoken track's plan: which speech goes where. Each translated caption is said from its
 * caption's start, within its slot (up to the next caption's start: speech longer is sped up or
 * cut as Listen does it, track-fit.ts); a caption without a translation leaves silence. The track is as long as the
 * video, so it plays beside it from 0:00; a video of unknown length (a live stream) ends with its
 * last caption.
 */

/** Each caption with a translation, at its start with its slot's end (slotEnd), in order of start (cues come sorted: sortCues). */
export function trackParts(cues: readonly Cue[], translationOf: (id: string) => string | null): TrackPart[] {
  return cues.flatMap((cue) => {
    const text = joinLines(cue.text) === '' ? null : translationOf(cue.id);
    return text ? [{ text, atSec: cue.start, endSec: slotEnd(cues, cue) }] : [];
  });
}

/** The track's length in seconds: the video's when known and finite, else up to the last caption's end. */
export function trackLength(cues: readonly Cue[], durationSec: number | null): number {
  if (durationSec !== null && Number.isFinite(durationSec) && durationSec > 0) return durationSec;
  return cues.reduce((end, cue) => Math.max(end, cue.end), 0);
}
