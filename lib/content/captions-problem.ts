import { t } from '../i18n';

/**
 * What the user reads when the captions stop on an error: what happened and what to do, in their
 * language. The worker's errors carry a kind and a message it wrote in the user's language (the
 * service's own words redacted); anything else (the extension out of reach, a bug) is not shown
 * as its raw text.
 */
export function captionsProblem(error: unknown): string {
  const kind = (error as { kind?: unknown } | null)?.kind;
  if (typeof kind === 'string' && error instanceof Error && error.message) return t('captionsStopped', error.message);
  return t('captionsLost');
}

/** What the user reads when the spoken track was not saved: why, and what to do, in their language (the captions go on). */
export function trackProblem(error: unknown): string {
  const kind = (error as { kind?: unknown } | null)?.kind;
  if (typeof kind === 'string' && error instanceof Error && error.message) return t('captionsTrackStopped', error.message);
  return t('captionsTrackLost');
}
