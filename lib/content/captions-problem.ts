import { t } from '../i18n';
import { errorKind } from '../messaging/result';

/** The two messages of one problem: its words with the worker's message, and those for anything else. */
interface ProblemKeys {
  stopped: 'captionsStopped' | 'captionsTrackStopped';
  lost: 'captionsLost' | 'captionsTrackLost';
}

/**
 * What happened and what to do, in the user's language. The worker's errors carry a kind and a
 * message it wrote in the user's language (the service's own words redacted); anything else (the
 * extension out of reach, a bug) is not shown as its raw text.
 */
function problemText(error: unknown, keys: ProblemKeys): string {
  if (errorKind(error) !== undefined && error instanceof Error && error.message) return t(keys.stopped, error.message);
  return t(keys.lost);
}

/** What the user reads when the captions stop on an error (see `problemText`). */
export function captionsProblem(error: unknown): string {
  return problemText(error, { stopped: 'captionsStopped', lost: 'captionsLost' });
}

/** What the user reads when the spoken track was not saved: why, and what to do, in their language (the captions go on). */
export function trackProblem(error: unknown): string {
  return problemText(error, { stopped: 'captionsTrackStopped', lost: 'captionsTrackLost' });
}
