import { formatNumber, t, uiLocale } from '../i18n';
import { baseCode } from '../language';
import type { SlotPlan } from './slot';
import type { FitCounts } from './track-fit';

/*
 * What fitting the captions' speech to their slots took from the user, told to them. Listen says
 * how many captions' speech it cut (speech sped up to 1.3× is the design, and heard whole: not
 * said), with what to tick to hear them whole; the spoken track, when saved, says how many were
 * sped up and how many cut at a word (nothing more when none were).
 */

// Languages written with no space between sentences.
const UNSPACED = new Set(['ja', 'zh']);

/** Counts the captions whose speech was cut, each once (a seek back that cuts it again is the same caption). */
export interface CutCounter {
  /** Notes how `cueId`'s speech was played; returns the new count when it is a caption newly cut, else null. */
  played(cueId: string, plan: SlotPlan): number | null;
}

/** A counter of cut captions for one listening. */
export function cutCounter(): CutCounter {
  const cut = new Set<string>();
  return {
    played(cueId, plan) {
      if (plan.kind !== 'cut' || cut.has(cueId)) return null;
      cut.add(cueId);
      return cut.size;
    },
  };
}

/** Listen's line once speech was cut: how many captions', and the option that would have let them be heard whole. */
export function listenCutText(count: number): string {
  return count === 1 ? t('captionsListenCutOne') : t('captionsListenCut', formatNumber(count));
}

/** The spoken track's "saved" message: its name, then how many captions' speech was sped up and cut to fit (each said only when some were). */
export function trackSavedText(name: string, { spedUp, cut }: FitCounts): string {
  const sentences = [t('captionsTrackSaved', name)];
  if (spedUp > 0) sentences.push(spedUp === 1 ? t('captionsTrackSpedUpOne') : t('captionsTrackSpedUp', formatNumber(spedUp)));
  if (cut > 0) sentences.push(cut === 1 ? t('captionsTrackCutOne') : t('captionsTrackCut', formatNumber(cut)));
  // Joined as the UI's language joins sentences: Japanese (and Chinese) with no space between them.
  return sentences.join(UNSPACED.has(baseCode(uiLocale())) ? '' : ' ');
}
