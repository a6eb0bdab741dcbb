import { joinLines, type Cue } from '../captions/cue';
import { trackSavedText } from '../captions/fit-report';
import { trackLength, trackParts } from '../captions/track';
import type { SavedTrack } from '../captions/track-file';
import { formatNumber, t } from '../i18n';
import { errorKind, unwrap } from '../messaging/result';
import { sendMessage } from '../messaging/send';
import { translateMissing } from './captions-download';
import type { CaptionsOverlay } from './captions-overlay';

/*
 * "Download spoken track" on the page: the figure first (the speech of every caption not heard
 * yet, and the translation of those not translated yet), then, once agreed, the missing
 * translations through the captions' own path, each caption's speech bought one after another
 * (what Listen heard comes from the cache for nothing), with progress and Cancel; then the worker
 * places the speech at the captions' times in one file and saves it.
 */

/** Speech bought at once: a few, so a long video's track does not wait on each answer in turn. */
const AT_ONCE = 3;
/** A request withdrawn by the video's pause (not by Cancel) is asked again, this many times at most. */
const MAX_WITHDRAWN = 5;
/** How long the "saved" line stays: long enough to read its counts. */
const SAVED_NOTE_MS = 20_000;

export interface TrackOptions {
  cues: readonly Cue[];
  /** Translations by cue id, added to when the missing ones are translated. */
  translated: Map<string, string>;
  /** Told of cues translated here, so the playhead's batches do not ask for them again. */
  settle: (ids: readonly string[]) => void;
  target: string;
  /** The target language's name in the user's language ("Spanish"). */
  language: string;
  /** The video's length (null: unknown). */
  durationSec: number | null;
  overlay: CaptionsOverlay;
  /** The captions' life: when it ends, so does the track. */
  signal: AbortSignal;
}

/**
 * Asks with the figure, then makes and saves the track, and says so (with how many captions' speech
 * was sped up or cut to fit); resolves with its file name and those counts, or null when declined
 * or cancelled.
 */
export async function downloadSpokenTrack(opts: TrackOptions): Promise<SavedTrack | null> {
  const { cues, translated, overlay } = opts;
  // The last track's "saved" line is not this one's.
  overlay.note('track', null);
  const spoken = cues.filter((cue) => joinLines(cue.text) !== '');
  const quote = unwrap(await sendMessage('captionsTrackEstimate', {
    cues: spoken.map(({ id, start, end, text }) => ({ id, start, end, text, translation: translated.get(id) ?? null })),
  }));
  const figure = quote.toHear === 0 ? t('captionsTrackFree') : t('captionsTrackFigure', [formatNumber(quote.whole), formatNumber(quote.toHear)]);
  const agreed = await overlay.ask(t('captionsTrackQuestion', opts.language), figure, t('captionsTrackYes'));
  if (!agreed || opts.signal.aborted || !unwrap(await sendMessage('acceptSpendOffer', { offer: quote.offer }))) return null;

  const cancel = new AbortController();
  const stop = () => cancel.abort();
  opts.signal.addEventListener('abort', stop, { once: true });
  const onCancel = () => {
    stop();
    // What is queued and not sent is withdrawn (the agreement stays, as a pause leaves it).
    void sendMessage('captionsStop', { end: false }).catch(() => undefined);
  };
  try {
    overlay.working(t('captionsTrackTranslating'), onCancel);
    // A request withdrawn by a pause of the video comes back untranslated: asked again while that brings more.
    for (let left = Infinity; ;) {
      const missing = spoken.filter((cue) => !translated.has(cue.id));
      if (missing.length === 0 || missing.length >= left || cancel.signal.aborted) break;
      left = missing.length;
      await translateMissing(missing, opts.target, translated, opts.settle, cancel.signal);
    }
    const parts = trackParts(spoken, (id) => translated.get(id) ?? null);
    if (cancel.signal.aborted) return null;
    if (parts.length === 0) throw Object.assign(new Error(t('captionsTrackNothing')), { kind: 'invalidRequest' });
    const texts = [...new Set(parts.map((part) => part.text))];
    let done = 0;
    const progress = () => overlay.working(t('captionsTrackProgress', [formatNumber(done), formatNumber(texts.length)]), onCancel);
    progress();
    let next = 0;
    const buy = async () => {
      while (next < texts.length && !cancel.signal.aborted) {
        await speak(texts[next++]!, opts.target, cancel.signal);
        done++;
        progress();
      }
    };
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, texts.length) }, buy));
    if (cancel.signal.aborted) return null;
    overlay.working(t('captionsTrackSaving'));
    const saved = unwrap(await sendMessage('captionsTrackSave', { target: opts.target, parts, length: trackLength(cues, opts.durationSec), title: document.title }));
    // Saved: said so, with how many captions' speech was sped up or cut to fit its time.
    overlay.note('track', trackSavedText(saved.name, saved), SAVED_NOTE_MS);
    return saved;
  } catch (error) {
    // Cancelled: what was not sent is withdrawn, and that is all.
    if (cancel.signal.aborted && errorKind(error) === 'cancelled') return null;
    throw error;
  } finally {
    opts.signal.removeEventListener('abort', stop);
    overlay.working(null);
  }
}

/** One caption's speech bought (or found in the cache); asked again when a pause of the video withdrew it, not when Cancel did. */
async function speak(text: string, target: string, cancelled: AbortSignal): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      unwrap(await sendMessage('captionsSpeak', { target, text }));
      return;
    } catch (error) {
      if (errorKind(error) !== 'cancelled' || cancelled.aborted || tries >= MAX_WITHDRAWN) throw error;
    }
  }
}
