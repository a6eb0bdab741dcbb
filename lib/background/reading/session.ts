import { storage } from '#imports';
import { createSerial } from '../../serial';
import { ServiceError } from '../../api/errors';
import { t } from '../../i18n';
import type { SerializedServiceError } from '../../api/errors';
import type { PlayerEvent, ReadingPlan } from '../../player/contract';
import type { SpeechChoices } from './speech-params';
import type { Settings } from '../../settings/schema';
import type { CleanupRules } from '../../speech/clean';
import type { TextMark } from '../../text-marks';

/** The current reading, kept in session storage so it outlives a stopped service worker. */
export interface ReadingSession {
  plan: ReadingPlan;
  sentences: [number, number][];
  /** Where the text came from; null when typed in the popup. */
  tabId: number | null;
  frameId: number | null;
  /** Where a reading "from here" started, until the player reports a position. */
  startSentence?: number;
  /** The first sentence of the part the user agreed to pay for, once a jump back went before `startSentence` (reach.ts). */
  boughtFrom?: number;
  /** Last position the player reported; `elapsedSec` counts every player of this reading. */
  position: PlayerEvent | null;
  /** Audio seconds heard from earlier players of this reading (Chrome closed them; new ones went on). */
  elapsedBase?: number;
  /** Players started again in a row without the reading playing or waiting on the service. */
  recoveries?: number;
  /** Set when the reading cannot go on by itself: what the user is told; resuming clears it. */
  interrupted?: string;
  /** A page read whole: where it is, to remember the position for a later visit (resume.ts). */
  page?: ReadingPage;
  /** Heard in this language, each chunk translated just before its speech (translated.ts). */
  translateTo?: string;
  /** The language it is written in, when heard in another (translated.ts). */
  translateFrom?: string;
}

/** The page a reading reads, as its position is remembered. */
export interface ReadingPage {
  url: string;
  /** SHA-256 of the text read. */
  textKey: string;
  /** In a private window: its position is kept in memory only (lib/background/private-windows.ts). */
  private?: true;
}

export const sessionItem = storage.defineItem<ReadingSession | null>('session:reading', { fallback: null });

/** The last problem that could not be shown on a page (e.g. a restricted one), for the popup. */
export const lastErrorItem = storage.defineItem<SerializedServiceError | null>('session:lastError', { fallback: null });

/** Start, stop and the player's reports change the one current reading: one at a time. */
export const withReading = createSerial();

/**
 * The current reading as `fromTab` may act on it: a page (its in-page player, its notices) only the
 * reading of its own tab; the extension's pages (undefined) any. Throws when there is none for it.
 */
export async function readingOf(fromTab: number | undefined): Promise<ReadingSession> {
  const session = await sessionItem.getValue();
  if (!session || (fromTab !== undefined && session.tabId !== fromTab)) throw new ServiceError('invalidRequest', t('readingNothing'));
  return session;
}

/** The languages a reading heard in another language goes between; undefined: heard as written. */
export function heardInOf(session: Pick<ReadingSession, 'translateTo' | 'translateFrom'>): { source: string | null; target: string } | undefined {
  return session.translateTo ? { source: session.translateFrom ?? null, target: session.translateTo } : undefined;
}

/** What a reading is started with (start.ts). */
export interface ReadRequest extends SpeechChoices {
  text: string;
  title: string;
  tabId: number | null;
  frameId: number | null;
  /** False when the text is not on the page (e.g. a translation): nothing to highlight there. */
  highlight?: boolean;
  /** The user already agreed to its cost (it was above their threshold). */
  confirmed?: boolean;
  /**
   * What is left of a figure the user agreed to (or of their threshold) for this reading, when it is
   * the second half of a paid action (a translation heard aloud): asked again above it, agreed or not.
   */
  agreedUpTo?: number;
  /** Where to start (a page read again from where the user stopped); 0 by default. */
  startSentence?: number;
  /** The page read whole, whose position is remembered as the reading goes. */
  page?: ReadingPage;
  /** Heard in this language: each chunk translated just before its speech (translated.ts). */
  translateTo?: string;
  /** The language the text is written in, when heard in another (its original's voice, modes.ts). */
  sourceLanguage?: string;
  /** How a reading in another language is heard, as its figure was worked out (default: the settings). */
  listen?: Settings['listen'];
  /** What it leaves out before paying, as its figure was worked out (default: the settings). */
  cleanup?: CleanupRules;
  /** Code and table cells the page marked in `text`, for the cleanup rules. */
  marks?: readonly TextMark[];
  /** Read "from here": the place in `text` to start at; the sentences before it stay in the plan, unpaid until wanted. */
  startOffset?: number;
  /** Tried again after a failure, from where it stopped (not "where you stopped last time"). */
  retried?: boolean;
  /**
   * Settles once the page can show notices and highlights (its script may still be starting when
   * the text is known): true when it highlights this very text. Meanwhile the first request leaves.
   */
  pageReady?: Promise<boolean>;
}

/** What the current page reading was asked with (its text, its page), kept for a Retry after a failure (retry.ts). */
export const askedItem = storage.defineItem<{ sessionId: string; request: Omit<ReadRequest, 'pageReady'> } | null>('session:readingAsked', { fallback: null });

/** Keeps what a reading on a page was started with, for a retry after a failure (one at a time). */
export async function rememberAsked(sessionId: string, request: ReadRequest): Promise<void> {
  if (request.tabId === null) return;
  // A Retry is asked about with a figure of its own.
  const { pageReady: _ready, agreedUpTo: _upTo, ...kept } = request;
  await askedItem.setValue({ sessionId, request: kept });
}
