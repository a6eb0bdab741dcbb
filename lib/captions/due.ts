import type { Cue } from './cue';
import { slotEnd } from './slot';

/*
 * Which spoken captions to start, as the video plays, pauses, seeks and changes rate. A spoken
 * caption starts when its caption starts, and only when the video reached that start by playing:
 * a caption jumped over or into by a seek is never spoken (late speech is out of sync with the
 * picture), and a caption already spoken is not spoken again when the video resumes.
 */

/**
 * A seek landing this little past a caption's start still reaches it: a browser seeks to a frame,
 * so "go to this caption" lands up to a frame (40 ms at 25 fps) after the time asked.
 */
export const LANDING_SEC = 0.05;
/**
 * Playing moves the time by at most this much wall-clock time between two reports (a background
 * tab reports about once a second): a larger jump was a seek, whether or not one was reported.
 */
export const MAX_TICK_SEC = 1.5;

/** What is known of the video between two events. */
export interface Following {
  /** Caption starts up to here have been dealt with (spoken or skipped); null before the first event. */
  handledTo: number | null;
  paused: boolean;
  rate: number;
}

export const START: Following = { handledTo: null, paused: true, rate: 1 };

/** The video's events as the page sees them ('time': timeupdate, or a timer set from `nextInSec`). */
export type VideoEvent =
  | { type: 'time'; time: number }
  | { type: 'play'; time: number }
  | { type: 'pause'; time: number }
  | { type: 'seeked'; time: number }
  | { type: 'rate'; rate: number; time: number }
  | { type: 'ended' };

/** A caption to speak now, and how much of its slot is left (video seconds; for fitSpeech's `slotSec`). */
export interface DueCue {
  cue: Cue;
  slotSec: number;
}

export interface Step {
  state: Following;
  /** Captions to start speaking, in order of start (cues starting together are due together). */
  speak: DueCue[];
  /** What becomes of the speech already playing. */
  speech: 'goOn' | 'pause' | 'resume' | 'stop';
  /** Wall-clock seconds until the next caption starts, to wake up on time; null while paused or at the end. */
  nextInSec: number | null;
}

/**
 * The next step after `event`. `cues` in order of start. Playing from one time to the next speaks
 * the captions starting in between; a seek (reported, or a jump or a step back in time) stops what
 * is speaking and skips what was jumped over; a pause holds the speech, and play resumes it.
 */
export function follow(state: Following, event: VideoEvent, cues: readonly Cue[]): Step {
  if (event.type === 'ended') return { state: { ...state, paused: true }, speak: [], speech: 'stop', nextInSec: null };
  if (event.type === 'pause') return { state: { ...state, paused: true }, speak: [], speech: 'pause', nextInSec: null };
  if (event.type === 'rate') return step({ ...state, rate: event.rate > 0 ? event.rate : state.rate }, event.time, [], 'goOn', cues);
  if (event.type === 'seeked') return land(state, event.time, 'stop', cues);
  if (event.type === 'play') {
    const playing = { ...state, paused: false };
    // The first play, or play after a seek made while paused, starts where the video stands.
    if (state.handledTo === null || event.time < state.handledTo || event.time - state.handledTo > MAX_TICK_SEC * state.rate) return land(playing, event.time, 'resume', cues);
    return cross(playing, event.time, 'resume', cues);
  }
  if (state.paused) return step(state, event.time, [], 'goOn', cues);
  const jumped = state.handledTo === null || event.time < state.handledTo || event.time - state.handledTo > MAX_TICK_SEC * state.rate;
  return jumped ? land(state, event.time, state.handledTo === null ? 'goOn' : 'stop', cues) : cross(state, event.time, 'goOn', cues);
}

/** The video is at `time` without having played there: captions started before it are skipped. */
function land(state: Following, time: number, speech: Step['speech'], cues: readonly Cue[]): Step {
  const at = { ...state, handledTo: time - LANDING_SEC };
  return at.paused ? step(at, time, [], speech, cues) : cross(at, time, speech, cues);
}

/** Played up to `time`: the captions starting since the last time are due. */
function cross(state: Following, time: number, speech: Step['speech'], cues: readonly Cue[]): Step {
  const from = state.handledTo ?? time;
  const due = cues.filter((cue) => cue.start > from && cue.start <= time).map((cue) => ({ cue, slotSec: slotEnd(cues, cue) - time }));
  return step({ ...state, handledTo: Math.max(from, time) }, time, due, speech, cues);
}

function step(state: Following, time: number, speak: DueCue[], speech: Step['speech'], cues: readonly Cue[]): Step {
  const next = cues.find((cue) => cue.start > (state.handledTo ?? time));
  const nextInSec = !state.paused && next ? Math.max(0, next.start - time) / state.rate : null;
  return { state, speak, speech, nextInSec };
}
