import { isServiceError } from '../api/errors';
import { t } from '../i18n';
import { waitNotesItem, type WaitSubject } from '../messaging/wait-notes';
import { createSerial } from '../serial';

/** A request the user waits on is said to be slow after this long. */
export const SLOW_NOTE_MS = 3000;

const serial = createSerial();

/**
 * Sets (or with null, clears) the note about `subject`. Writes nothing and resolves false when it
 * is already so: two watchers of the same wait (a request joined by a second asker) say it once.
 */
export function setWaitNote(subject: WaitSubject, note: string | null): Promise<boolean> {
  return serial(async () => {
    const notes = await waitNotesItem.getValue();
    if ((notes[subject] ?? null) === note) return false;
    const { [subject]: _dropped, ...rest } = notes;
    await waitNotesItem.setValue(note === null ? rest : { ...rest, [subject]: note });
    return true;
  });
}

/** A wait in whole seconds, at least 1, as the notes say it. */
const wholeSeconds = (delayMs: number): string => String(Math.max(1, Math.round(delayMs / 1000)));

/** Why a retry is coming, and when, e.g. "The service is busy (rate limit); trying again by itself in 12 s." */
export function retryNote(error: unknown, delayMs: number): string {
  const seconds = wholeSeconds(delayMs);
  return isServiceError(error) && error.kind === 'rateLimited' ? t('waitBusyRetry', seconds) : t('waitFailedRetry', seconds);
}

/** The same for a reading, which goes on by itself once the service answers. */
export function readingRetryNote(error: unknown, delayMs: number): string {
  const seconds = wholeSeconds(delayMs);
  return isServiceError(error) && error.kind === 'rateLimited' ? t('readingBusyRetry', seconds) : t('readingFailedRetry', seconds);
}

/** The messages that say the plan's pace, by who waits: a download (or any request), a reading, the page translation's next paragraphs. */
const PACE_MESSAGES = { any: 'waitPlanPace', reading: 'readingPlanPace', page: 'pageTranslatePaced' } as const;

/**
 * Why a request waits: the plan's requests a minute are used up, e.g. "Your plan allows 10
 * requests a minute; continuing by itself in about 40 s." (`who`: whose words, see PACE_MESSAGES).
 */
export function pacedNote(delayMs: number, perWindow: number, who: keyof typeof PACE_MESSAGES = 'any'): string {
  return t(PACE_MESSAGES[who], [String(perWindow), wholeSeconds(delayMs)]);
}


/** Said when the service takes longer than usual to answer. */
export const slowNote = (): string => t('waitSlow');

/** The reading's version: it goes on as soon as the answer arrives. */
export const readingSlowNote = (): string => t('readingSlow');

export interface WaitWatch {
  /** For the scheduler's `onRetry`: says that a retry is coming and when. */
  onRetry(error: unknown, delayMs: number): void;
  /** For the scheduler's `onPaced`: says that the plan's pace holds the request, and how long (when `tell` says it). */
  onPaced(delayMs: number, perWindow: number): void;
  /** The request is over (answered, failed or withdrawn): no slow note after this. */
  stop(): void;
}

/**
 * Watches one request someone waits on and tells them why it lasts: each retry coming, the plan's
 * pace holding it (`tell.paced`, when given), and once, after `slowAfterMs` (counted again from
 * each retry's or pace's end), that the service is slow. `waiting` says whether the user is waiting on
 * it right now (a reading ahead of the listener is not worth a note until it catches up); it is
 * asked again every second after `slowAfterMs`, so the note comes as soon as they are.
 */
export function watchWait(
  tell: { retry(error: unknown, delayMs: number): void; slow(): void; paced?(delayMs: number, perWindow: number): void },
  waiting: () => boolean | Promise<boolean> = () => true,
  slowAfterMs = SLOW_NOTE_MS,
): WaitWatch {
  let over = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The plan's pace holding the request until then: said (instead of "slow") once the user waits.
  let pace: { until: number; perWindow: number } | null = null;
  // The wait is explained (when the request goes again): "slow" is said only if it then is.
  const explained = (delayMs: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void check(), delayMs + slowAfterMs);
  };
  const check = async (): Promise<void> => {
    if (over) return;
    // The pace is over before anyone waited: the request has just left, "slow" counts from now.
    if (pace && pace.until <= Date.now()) {
      pace = null;
      return explained(0);
    }
    if (await Promise.resolve(waiting()).catch(() => false)) {
      if (over) return;
      const held = pace;
      pace = null;
      if (!held) return tell.slow();
      const left = Math.max(0, held.until - Date.now());
      tell.paced?.(left, held.perWindow);
      return explained(left);
    }
    if (!over) timer = setTimeout(() => void check(), 1000);
  };
  timer = setTimeout(() => void check(), slowAfterMs);
  return {
    onRetry(error, delayMs) {
      if (over) return;
      tell.retry(error, delayMs);
      explained(delayMs);
    },
    onPaced(delayMs, perWindow) {
      if (over || !tell.paced) return;
      pace = { until: Date.now() + delayMs, perWindow };
      clearTimeout(timer);
      void check();
    },
    stop() {
      over = true;
      clearTimeout(timer);
    },
  };
}
