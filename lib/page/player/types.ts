import type { PlayerCorner } from '../../settings/player-corner';
import type { ListenMode } from '../../settings/listen-mode';

export type { PlayerCorner };
export type { ListenMode };

/** What the page learns once per reading (see the `pagePlayerState` message). */
export interface PagePlayerSetup {
  /** Characters of every sentence. */
  lengths: number[];
  /** [start, end) of every sentence in the page's text; empty when the text is not on the page. */
  sentences: [number, number][];
  show: boolean;
  corner: PlayerCorner;
  /** Heard in another language: the way it is heard (the bar offers the others). */
  listenMode?: ListenMode;
}

/** The reading's state at one player event. */
export interface PagePlayerState {
  sessionId: string;
  status: 'loading' | 'playing' | 'paused' | 'ended' | 'stopped' | 'error';
  sentence: number;
  elapsedSec: number;
  speed: number;
  setup?: PagePlayerSetup;
}

/** What the in-page player's controls ask the background for. */
export interface PagePlayerActions {
  control(action: 'toggle' | 'pause' | 'resume' | 'next' | 'previous' | 'stop'): void;
  setSpeed(speed: number): void;
  /** Hear the reading (heard in another language) another way from its sentence on. */
  setListenMode(mode: ListenMode): void;
  jump(sentence: number): void;
  saveCorner(corner: PlayerCorner): void;
}

/** Where the page's text is: what the jump button and the bar's placement need of the reading's source. */
export interface SourcePlaces {
  /** A live range over text[start, end), or null. */
  rangeFor(start: number, end: number): Range | null;
  /** Offset in the text of the first character that comes from inside `element`, or null. */
  offsetIn(element: Element): number | null;
}
