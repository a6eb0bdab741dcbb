import { nextBatch, AHEAD_SEC } from '../captions/ahead';
import { cleanCueText, sortCues, type Cue } from '../captions/cue';
import { formatNumber, t } from '../i18n';
import { browser } from 'wxt/browser';
import { languageNameIn } from '../language';
import { unwrap } from '../messaging/result';
import { sendMessage } from '../messaging/send';
import { showPageNotice } from '../page/notice';
import { createCaptionsOverlay, type CaptionsOverlay } from './captions-overlay';

/*
 * "Translate captions" on the page: the video's own text track (a <track> or cues a script added)
 * is read with its mode "hidden" (the browser keeps its cues and events, and draws nothing), our
 * overlay shows the caption on screen at once and its translation when it arrives, and batches of
 * whole cues are asked for a little ahead of the playhead, only while the video plays.
 */

/** How far ahead a batch reaches: shorter in the test build, so a short fixture video shows the batching. */
const AHEAD = __VOXLATE_TEST_HOOKS__ ? { aheadSec: 2, refillSec: 1 } : { aheadSec: AHEAD_SEC };

const RUNNING = Symbol.for('voxlate.captions');
type Scope = { [RUNNING]?: AbortController };

/** The video to caption: of those with a text track, the biggest on screen. */
export function findCaptionedVideo(doc: Document): HTMLVideoElement | null {
  const videos = [...doc.querySelectorAll('video')].filter((video) => video.textTracks.length > 0);
  const area = (video: HTMLVideoElement) => video.getBoundingClientRect().width * video.getBoundingClientRect().height;
  return videos.sort((a, b) => area(b) - area(a))[0] ?? null;
}

/** The track to read: the first captions or subtitles track (one that is showing first), else any. */
function pickTrack(video: HTMLVideoElement): TextTrack | null {
  const tracks = [...video.textTracks];
  const spoken = tracks.filter((track) => track.kind === 'captions' || track.kind === 'subtitles');
  return spoken.find((track) => track.mode === 'showing') ?? spoken[0] ?? tracks[0] ?? null;
}

/** A track's cues once loaded: a <track> element's file loads only once its mode is not "disabled". */
async function loadedCues(video: HTMLVideoElement, track: TextTrack, signal: AbortSignal): Promise<TextTrackCueList | null> {
  track.mode = 'hidden';
  const element = [...video.querySelectorAll('track')].find((el) => el.track === track);
  if (element && element.readyState !== HTMLTrackElement.LOADED) {
    await new Promise<void>((resolve) => {
      element.addEventListener('load', () => resolve(), { once: true, signal });
      element.addEventListener('error', () => resolve(), { once: true, signal });
      signal.addEventListener('abort', () => resolve(), { once: true });
    });
  }
  return track.cues;
}

/** The track's cues as lib/captions reads them (ids by position: stable while the track is). */
export function cuesOf(list: TextTrackCueList): { cues: Cue[]; byId: Map<string, TextTrackCue> } {
  const byId = new Map<string, TextTrackCue>();
  const cues: Cue[] = [];
  for (let i = 0; i < list.length; i++) {
    const cue = list[i]!;
    const id = String(i);
    byId.set(id, cue);
    cues.push({ id, start: cue.startTime, end: cue.endTime, text: cleanCueText((cue as VTTCue).text ?? '') });
  }
  return { cues: sortCues(cues), byId };
}

/** Starts captions on the biggest captioned video of `win`'s document; a second start while running does nothing. */
export async function startCaptions(win: Window): Promise<void> {
  const scope = globalThis as Scope;
  if (scope[RUNNING] && !scope[RUNNING].signal.aborted) return;
  const life = new AbortController();
  scope[RUNNING] = life;
  const { signal } = life;
  win.addEventListener('pagehide', () => life.abort(), { once: true, signal });
  const video = findCaptionedVideo(win.document);
  const track = video && pickTrack(video);
  const list = video && track ? await loadedCues(video, track, signal) : null;
  if (!video || !track || !list || list.length === 0) {
    life.abort();
    void showPageNotice({ message: t('captionsNone'), tone: 'info', timeoutMs: 10_000 });
    return;
  }
  const overlay = createCaptionsOverlay(video, signal);
  try {
    await run(video, track, list, overlay, life);
  } catch (error) {
    life.abort();
    void showPageNotice({ message: error instanceof Error ? error.message : String(error), tone: 'error', timeoutMs: 10_000 });
  }
}

async function run(video: HTMLVideoElement, track: TextTrack, list: TextTrackCueList, overlay: CaptionsOverlay, life: AbortController): Promise<void> {
  const { signal } = life;
  const { cues } = cuesOf(list);
  const translated = new Map<string, string>();
  // Translated, or asked for: not asked for again.
  const settled = new Set<string>();

  // The original shows at once, from the track's own events, before any question or answer.
  const render = () => {
    const active = cues.filter((cue) => cue.start <= video.currentTime && video.currentTime < cue.end && cue.text !== '');
    overlay.show(active.map((cue) => cue.text).join('\n'), active.length && active.every((cue) => translated.has(cue.id)) ? active.map((cue) => translated.get(cue.id)!).join('\n') : null);
  };
  track.addEventListener('cuechange', render, { signal });
  video.addEventListener('seeked', render, { signal });
  render();

  const duration = Number.isFinite(video.duration) ? video.duration : null;
  const estimate = unwrap(await sendMessage('captionsEstimate', { cues: cues.map(({ id, start, end, text }) => ({ id, start, end, text })), duration }));
  const language = languageNameIn(estimate.target, browser.i18n.getUILanguage());
  const yes = await overlay.ask(t('captionsQuestion', language), t('captionsFigure', [formatNumber(estimate.perMinute), formatNumber(estimate.whole)]));
  if (!yes || !unwrap(await sendMessage('acceptSpendOffer', { offer: estimate.offer }))) {
    // Declined: the offer is forgotten, nothing was sent.
    void sendMessage('captionsStop', { end: true }).catch(() => undefined);
    end(life);
    return;
  }
  overlay.offerStop(() => end(life));
  signal.addEventListener('abort', () => {
    void sendMessage('captionsStop', { end: true }).catch(() => undefined);
    if (track.mode === 'hidden') track.mode = 'showing';
  }, { once: true });

  let asking = false;
  const pump = async () => {
    if (asking || signal.aborted || video.paused) return;
    const batch = nextBatch(cues, video.currentTime, settled, AHEAD);
    if (!batch) return;
    asking = true;
    const ids = batch.items.flatMap((item) => item.cueIds);
    ids.forEach((id) => settled.add(id));
    try {
      const answer = unwrap(await sendMessage('captionsTranslate', { target: estimate.target, texts: batch.items.map((item) => item.text) }));
      batch.items.forEach((item, i) => {
        const text = answer.translations[i];
        for (const id of item.cueIds) {
          if (text) translated.set(id, text);
          // Withdrawn (a pause) or not come: asked for again when the playhead reaches it.
          else settled.delete(id);
        }
      });
      render();
      if (answer.error) throw new Error(answer.error.message);
    } finally {
      asking = false;
    }
    await pump();
  };
  const next = () => void pump().catch((error: unknown) => {
    end(life);
    void showPageNotice({ message: error instanceof Error ? error.message : String(error), tone: 'error', timeoutMs: 10_000 });
  });
  video.addEventListener('timeupdate', next, { signal });
  video.addEventListener('play', next, { signal });
  video.addEventListener('seeked', next, { signal });
  // A pause withdraws what is queued and not sent; playing again asks for it afresh.
  video.addEventListener('pause', () => void sendMessage('captionsStop', { end: false }).catch(() => undefined), { signal });
  next();
}

function end(life: AbortController): void {
  life.abort();
}
