import { nextBatch, AHEAD_SEC } from '../captions/ahead';
import { cleanCueText, sortCues, type Cue } from '../captions/cue';
import { listenCutText } from '../captions/fit-report';
import { formatNumber, t } from '../i18n';
import { browser } from 'wxt/browser';
import { languageNameIn } from '../language';
import { unwrap } from '../messaging/result';
import { sendMessage } from '../messaging/send';
import { showPageNotice } from '../page/notice';
import { createCaptionsOverlay, type CaptionsOverlay } from './captions-overlay';
import { CAPTION_FILE_PROBLEMS, captionsFromFile, trackOfCues } from './captions-file';
import { findClickedVideo } from './captions-video';
import { captionsProblem, trackProblem } from './captions-problem';
import type { ClickedVideo } from '../captions/clicked';
import { listenToCaptions, type CaptionsListener } from './captions-listen';
import { downloadCaptions } from './captions-download';
import { downloadSpokenTrack } from './captions-track';
import { extensionAlive } from './lifetime';
import { isSiteTrack, siteTrack } from './captions-sites';

/*
 * "Translate captions" on the page: the video's own text track (a <track> or cues a script added)
 * is read with its mode "hidden" (the browser keeps its cues and events, and draws nothing), our
 * overlay shows the caption on screen at once and its translation when it arrives, and batches of
 * whole cues are asked for a little ahead of the playhead, only while the video plays.
 */

/** How far ahead a batch reaches: shorter in the test build, so a short fixture video shows the batching. */
const AHEAD = __VOXLATE_TEST_HOOKS__ ? { aheadSec: 2, refillSec: 1 } : { aheadSec: AHEAD_SEC };

const RUNNING = Symbol.for('voxlate.captions');
/** The captions running in this frame: the video they are for, and what ends them. */
type Scope = { [RUNNING]?: { video: HTMLVideoElement; life: AbortController } };

/** What the captions need of WXT's content script context: to hear when it is invalidated. */
export interface CaptionsLifetime {
  onInvalidated(cb: () => void): void;
}

/** The video to caption when the menu said nothing of it: of those with a text track, the biggest on screen. */
export function findCaptionedVideo(doc: Document): HTMLVideoElement | null {
  return findClickedVideo(doc, {}, null);
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

/**
 * Starts captions on the right-clicked video of `win`'s document (its own track, or a caption
 * file the user loads). A second start for the same video while running does nothing; for
 * another video, the first one's captions end. Tied to the script's context: when the extension
 * is reloaded or updated, what this script left running ends and leaves the page as it was.
 */
export async function startCaptions(win: Window, ctx: CaptionsLifetime, clicked: ClickedVideo = {}, alive: () => boolean = extensionAlive): Promise<void> {
  const scope = globalThis as Scope;
  const video = findClickedVideo(win.document, clicked);
  const running = scope[RUNNING];
  if (running && !running.life.signal.aborted) {
    if (running.video === video) {
      ctx.onInvalidated(() => endIfOrphaned(running.life, alive));
      return;
    }
    running.life.abort();
  }
  // Our overlays an earlier version of the extension left (its script can no longer remove them).
  for (const host of win.document.querySelectorAll('voxlate-captions')) host.remove();
  if (!video) {
    void showPageNotice({ message: t('captionsNone'), tone: 'info', timeoutMs: 10_000 });
    return;
  }
  const life = new AbortController();
  scope[RUNNING] = { video, life };
  const { signal } = life;
  // A newer script of this extension invalidates this one's context: ours goes on while the
  // extension lives (our own re-injection), and ends when it was reloaded or updated.
  ctx.onInvalidated(() => endIfOrphaned(life, alive));
  win.addEventListener('pagehide', () => life.abort(), { once: true, signal });
  const overlay = createCaptionsOverlay(video, signal);
  try {
    const track = pickTrack(video);
    // When the captions end (Stop, Cancel, an error, a reload of the extension), the page's own
    // track is left as it was found, and a track made of a loaded file stops being drawn.
    const modeBefore = track?.mode;
    const list = track ? await loadedCues(video, track, signal) : null;
    // None of its own in the standard API: a site's player that keeps them to itself (YouTube) is asked.
    const own = list && list.length > 0 && !isSiteTrack(track!) ? track : await siteTrack(video, signal);
    let loaded: TextTrack | null = null;
    const restore = () => {
      if (loaded) loaded.mode = 'disabled';
      if (track && modeBefore) track.mode = modeBefore;
    };
    if (signal.aborted) restore();
    else signal.addEventListener('abort', restore, { once: true });
    if (!own) loaded = await loadCaptionFile(video, overlay, signal);
    let shown = own ?? loaded;
    while (shown?.cues?.length && !signal.aborted) {
      const file = await run(video, shown, shown.cues, overlay, life, alive, shown === own);
      if (!file) return;
      // The user's own file in place of the video's captions (kept hidden meanwhile); Cancel goes back to those.
      loaded = await loadCaptionFile(video, overlay, signal, file);
      shown = loaded ?? own;
    }
    end(life);
  } catch (error) {
    end(life);
    if (alive()) void showPageNotice({ message: captionsProblem(error), tone: 'error', timeoutMs: 15_000 });
  }
}

/** Ends captions whose extension is gone (reloaded, updated, removed): nothing of it can answer any more. */
function endIfOrphaned(life: AbortController, alive: () => boolean): void {
  if (!alive()) life.abort();
}

/**
 * A caption file from the user's computer: `chosen` already (beside the question for the video's
 * own captions), or asked for (a video without captions); asked again after a file that is not
 * one. Its cues become a hidden track of the video, read and translated like its own; null when
 * the user cancels.
 */
async function loadCaptionFile(video: HTMLVideoElement, overlay: CaptionsOverlay, signal: AbortSignal, chosen?: File): Promise<TextTrack | null> {
  let file = chosen ?? (await overlay.chooseFile(t('captionsNoneLoad')));
  for (;;) {
    if (!file || signal.aborted) return null;
    const loaded = await captionsFromFile(file);
    // Unlabelled: the page sees the track on its video, and the name of the user's file is not its business.
    if (loaded.ok) return trackOfCues(video, loaded.cues, '');
    file = await overlay.chooseFile(t(CAPTION_FILE_PROBLEMS[loaded.error.kind]));
  }
}

/**
 * The captions of `track` on screen, the figure asked, and once agreed their translation. For the
 * video's `own` captions the question offers Load captions… too: the file chosen there is returned
 * (this track's captions put aside, nothing asked for); otherwise null.
 */
async function run(video: HTMLVideoElement, track: TextTrack, list: TextTrackCueList, overlay: CaptionsOverlay, life: AbortController, alive: () => boolean, own: boolean): Promise<File | null> {
  const { signal } = life;
  // Told of nothing when the extension is reloaded, the page's events are where this script
  // learns it: it then ends, leaving the page's own captions as they were.
  const orphaned = () => {
    if (alive()) return false;
    end(life);
    return true;
  };
  const { cues } = cuesOf(list);
  const translated = new Map<string, string>();
  // Translated, or asked for: not asked for again.
  const settled = new Set<string>();

  // The original shows at once, from the track's own events, before any question or answer.
  const render = () => {
    if (orphaned()) return;
    const active = cues.filter((cue) => cue.start <= video.currentTime && video.currentTime < cue.end && cue.text !== '');
    overlay.show(active.map((cue) => cue.text).join('\n'), active.length && active.every((cue) => translated.has(cue.id)) ? active.map((cue) => translated.get(cue.id)!).join('\n') : null);
  };
  track.addEventListener('cuechange', render, { signal });
  video.addEventListener('seeked', render, { signal });
  render();

  const duration = Number.isFinite(video.duration) ? video.duration : null;
  const estimate = unwrap(await sendMessage('captionsEstimate', { cues: cues.map(({ id, start, end, text }) => ({ id, start, end, text })), duration }));
  const language = languageNameIn(estimate.target, browser.i18n.getUILanguage());
  const figure = t('captionsFigure', [formatNumber(estimate.perMinute), formatNumber(estimate.whole)]);
  const answer = own ? await overlay.askOrLoad(t('captionsQuestion', language), figure) : await overlay.ask(t('captionsFileQuestion', language), figure);
  if (typeof answer !== 'boolean') {
    // The user's file instead: these captions no longer draw, and its figure is asked afresh (this offer replaced, nothing sent).
    track.removeEventListener('cuechange', render);
    video.removeEventListener('seeked', render);
    overlay.show('', null);
    return answer;
  }
  if (!answer || !unwrap(await sendMessage('acceptSpendOffer', { offer: estimate.offer }))) {
    // Declined: the offer is forgotten, nothing was sent.
    void sendMessage('captionsStop', { end: true }).catch(() => undefined);
    end(life);
    return null;
  }
  overlay.offerStop(() => end(life));
  signal.addEventListener('abort', () => void sendMessage('captionsStop', { end: true }).catch(() => undefined), { once: true });
  const fail = (error: unknown) => {
    end(life);
    if (alive()) void showPageNotice({ message: captionsProblem(error), tone: 'error', timeoutMs: 15_000 });
  };
  let listener: CaptionsListener | null = null;
  const offerListen = () => overlay.offerListen(t('captionsListenButton', language), () => {
    // Made in the user's click: the browser lets it sound.
    const audio = new AudioContext();
    void listen(audio).catch((error: unknown) => {
      void audio.close().catch(() => undefined);
      fail(error);
    });
  });
  const listen = async (audio: AudioContext) => {
    const quote = unwrap(await sendMessage('captionsListenEstimate', { cues: cues.map(({ id, start, end, text }) => ({ id, start, end, text })), duration }));
    const agreed = await overlay.ask(t('captionsListenQuestion', language), t('captionsFigure', [formatNumber(quote.perMinute), formatNumber(quote.whole)]), t('captionsListenYes'));
    if (!agreed || signal.aborted || !unwrap(await sendMessage('acceptSpendOffer', { offer: quote.offer }))) {
      void audio.close().catch(() => undefined);
      if (!signal.aborted) offerListen();
      return;
    }
    // Off unless ticked: speech longer than its slot even at 1.3× is cut at a word, or with it the video waits for it.
    let pauseForLong = false;
    // Speech cut so far is said while the option is off (ticked, nothing more is cut: the advice is taken).
    let cut = 0;
    const sayCut = () => overlay.note('listen', cut > 0 && !pauseForLong ? listenCutText(cut) : null);
    overlay.offerOption(t('captionsPauseForLongSpeech'), (on) => {
      pauseForLong = on;
      sayCut();
    });
    listener = listenToCaptions({
      video, cues, target: estimate.target, translationOf: (id) => translated.get(id) ?? null, audio, signal, onError: fail,
      overflow: () => (pauseForLong ? 'pause' : 'cut'),
      onPreparing: (preparing) => overlay.status(preparing ? t('captionsPreparingSpeech') : null),
      onCut: (count) => {
        cut = count;
        sayCut();
      },
    });
    if (video.paused) void pump(true).catch(fail);
  };
  offerListen();
  let saving = false;
  overlay.offerDownloads((format) => {
    if (saving) return;
    saving = true;
    const settle = (ids: readonly string[]) => {
      ids.forEach((id) => settled.add(id));
      render();
      listener?.translated();
    };
    if (format === 'track') {
      // A failure of the track says so and leaves the captions running.
      void downloadSpokenTrack({ cues, translated, settle, target: estimate.target, language, durationSec: duration, overlay, signal })
        .catch((error: unknown) => {
          if (alive()) void showPageNotice({ message: trackProblem(error), tone: 'error', timeoutMs: 15_000, signal });
        })
        .finally(() => (saving = false));
      return;
    }
    void downloadCaptions({ format, cues, translated, settle, target: estimate.target, overlay })
      .catch(fail)
      .finally(() => (saving = false));
  });

  let asking = false;
  // `ahead`: asked for while paused (listening was just agreed to: what is about to be heard).
  const pump = async (ahead = false) => {
    // Held by us for a caption's speech: its translation is still wanted.
    if (asking || signal.aborted || orphaned() || (video.paused && !ahead && !listener?.holding())) return;
    const batch = nextBatch(cues, video.currentTime, settled, AHEAD);
    if (!batch) return;
    asking = true;
    const ids = batch.items.flatMap((item) => item.cueIds);
    ids.forEach((id) => settled.add(id));
    try {
      const answer = unwrap(await sendMessage('captionsTranslate', { target: estimate.target, texts: batch.items.map((item) => item.text) }));
      // Paid for in a request whose answer could not be told apart: they stay settled (untranslated).
      const paid = new Set(answer.unmatched);
      batch.items.forEach((item, i) => {
        const text = answer.translations[i];
        for (const id of item.cueIds) {
          if (text) translated.set(id, text);
          // Withdrawn (a pause) or not come: asked for again when the playhead reaches it.
          else if (!paid.has(i)) settled.delete(id);
        }
      });
      render();
      listener?.translated();
      if (paid.size) void showPageNotice({ message: t('captionsUnmatched'), tone: 'info', timeoutMs: 15_000, signal });
      if (answer.error) throw Object.assign(new Error(answer.error.message), { kind: answer.error.kind });
    } finally {
      asking = false;
    }
    await pump();
  };
  const next = () => void pump().catch(fail);
  video.addEventListener('timeupdate', next, { signal });
  video.addEventListener('play', next, { signal });
  video.addEventListener('seeked', next, { signal });
  // A pause withdraws what is queued and not sent; playing again asks for it afresh.
  video.addEventListener('pause', () => {
    // Our own hold (speech not ready, or running long) is not the user's pause: what it waits for stays queued.
    if (!orphaned() && !listener?.holding()) void sendMessage('captionsStop', { end: false }).catch(() => undefined);
  }, { signal });
  next();
  return null;
}

function end(life: AbortController): void {
  life.abort();
}

