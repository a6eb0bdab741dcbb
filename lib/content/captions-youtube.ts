import type { Cue } from '../captions/cue';
import { cuesOfJson3 } from '../captions/sites/youtube-json3';
import { assignedJson, captionListOf, captionsUrl, chooseTrack, isTimedtextRequest, videoOfRequest, type YoutubeCaptionTrack } from '../captions/sites/youtube-tracks';

/*
 * YouTube's player draws its captions itself and keeps them out of `video.textTracks`, so the
 * captions script reads them the way the player does: from the timedtext endpoint, at the address
 * the player itself requested (the page's resource timing lists it, with the token real YouTube
 * now requires), as json3. With YouTube's captions off, its CC button is pressed for the player to
 * make that request (and pressed back on Stop). While ours show, YouTube's caption window is
 * hidden, so nothing is shown twice. No page-world script and no permission beyond the page's own
 * (the request goes to the page's own origin).
 */

/** How long the player is given to request its captions once its CC button is pressed. */
const REQUEST_WAIT_MS = 10_000;

/** What reading a YouTube player's captions came to. */
export type YoutubeCaptionsResult =
  | { ok: true; cues: Cue[] }
  /** `none`: the video has no captions to read; `notGiven`: it has, and YouTube did not give them. */
  | { ok: false; problem: 'none' | 'notGiven' };

/** The YouTube player `video` plays in (by its structure: its own page, an embed, or a copy of it), or null. */
export function youtubePlayerOf(video: HTMLVideoElement): HTMLElement | null {
  return video.closest<HTMLElement>('.html5-video-player');
}

/** The video the page shows: its address's `v`, its /shorts/, /embed/ or /live/ id, else the watch page's attribute. */
export function currentVideoId(doc: Document): string | null {
  const url = new URL(doc.location.href);
  return (
    url.searchParams.get('v') ??
    /^\/(?:shorts|embed|live)\/([\w-]+)/u.exec(url.pathname)?.[1] ??
    doc.querySelector('ytd-watch-flexy[video-id]')?.getAttribute('video-id') ??
    null
  );
}

/** The last captions request the page made for `videoId` (any video's when unknown), or null. */
function playerRequest(win: Window, videoId: string | null): string | null {
  const entries = win.performance.getEntriesByType('resource');
  for (let i = entries.length - 1; i >= 0; i--) {
    const { name } = entries[i]!;
    if (isTimedtextRequest(name) && (videoId === null || videoOfRequest(name) === videoId)) return name;
  }
  return null;
}

/** The next captions request the page makes for `videoId`, or null when none comes in time (or `signal` ends the wait). */
function nextPlayerRequest(videoId: string | null, signal: AbortSignal): Promise<string | null> {
  return new Promise((resolve) => {
    const done = (url: string | null) => {
      observer.disconnect();
      clearTimeout(timer);
      signal.removeEventListener('abort', quit);
      resolve(url);
    };
    const quit = () => done(null);
    // An observer hears of requests even once the page's buffer of timings is full (as YouTube's soon is).
    const observer = new PerformanceObserver((list) => {
      const found = list.getEntries().find((entry) => isTimedtextRequest(entry.name) && (videoId === null || videoOfRequest(entry.name) === videoId));
      if (found) done(found.name);
    });
    observer.observe({ type: 'resource' });
    const timer = setTimeout(quit, REQUEST_WAIT_MS);
    signal.addEventListener('abort', quit, { once: true });
  });
}

/** The caption tracks the page was served with (its `ytInitialPlayerResponse`), when they are for `videoId`. */
function servedTrack(doc: Document, videoId: string | null): YoutubeCaptionTrack | null {
  for (const script of doc.querySelectorAll('script:not([src])')) {
    const text = script.textContent ?? '';
    if (!text.includes('ytInitialPlayerResponse')) continue;
    const list = captionListOf(assignedJson(text, 'ytInitialPlayerResponse'));
    // After a move to another video in the page (YouTube does not reload), the served list is another video's.
    return list.videoId !== null && list.videoId === videoId ? chooseTrack(list) : null;
  }
  return null;
}

/** The cues at `url` (json3); none for an empty or unreadable answer (YouTube's answer to a request it refuses). */
async function cuesAt(url: string, signal: AbortSignal): Promise<Cue[]> {
  // Firefox's content scripts fetch as the extension; its `content.fetch` asks as the page itself does (its cookies, its
  // origin), which is how the player asked. Chrome's content scripts fetch as the page already.
  const pageFetch = (globalThis as { content?: { fetch?: typeof fetch } }).content?.fetch;
  const response = await (pageFetch ? pageFetch(url, { credentials: 'include', signal }) : fetch(url, { credentials: 'include', signal }));
  if (!response.ok) return [];
  const body = await response.text();
  try {
    return body.trim() === '' ? [] : cuesOfJson3(JSON.parse(body));
  } catch {
    return [];
  }
}

/** Hides YouTube's own caption windows in `player`; returns what shows them again as they were. */
function hideOwnCaptions(player: HTMLElement): () => void {
  const windows = [...player.querySelectorAll<HTMLElement>('.ytp-caption-window-container')];
  const before = windows.map((el) => [el.style.getPropertyValue('display'), el.style.getPropertyPriority('display')] as const);
  for (const el of windows) el.style.setProperty('display', 'none', 'important');
  return () => windows.forEach((el, i) => el.style.setProperty('display', before[i]![0], before[i]![1]));
}

/**
 * The captions of the YouTube player around `video`, read as its player reads them; null when
 * `video` is not in a YouTube player. While `signal` lives, YouTube's own caption window is hidden
 * (and its captions turned on, when they were off); when it ends, both are as they were found.
 */
export async function youtubeCaptions(video: HTMLVideoElement, signal: AbortSignal): Promise<YoutubeCaptionsResult | null> {
  const player = youtubePlayerOf(video);
  const doc = video.ownerDocument;
  const win = doc.defaultView;
  if (!player || !win) return null;
  const videoId = currentVideoId(doc);
  const showOwn = hideOwnCaptions(player);
  let pressed: HTMLElement | null = null;
  const restore = () => {
    showOwn();
    // Our press undone: YouTube's captions as the user had them (off).
    if (pressed?.getAttribute('aria-pressed') === 'true') pressed.click();
    pressed = null;
  };
  signal.addEventListener('abort', restore, { once: true });
  const give = (result: YoutubeCaptionsResult) => {
    if (!result.ok) {
      signal.removeEventListener('abort', restore);
      restore();
    }
    return result;
  };
  // The user's captions on: the track they chose, as the player asked for it.
  let requested = playerRequest(win, videoId);
  let track: YoutubeCaptionTrack | null = null;
  if (!requested) {
    const button = player.querySelector<HTMLElement>('.ytp-subtitles-button');
    const on = button?.getAttribute('aria-pressed');
    if (!button || (on !== 'true' && on !== 'false')) return give({ ok: false, problem: 'none' });
    const next = nextPlayerRequest(videoId, signal);
    // On, and its request older than the page's list of timings keeps: off and on again asks afresh.
    if (on === 'true') button.click();
    else pressed = button;
    button.click();
    requested = await next;
    if (!requested) return give({ ok: false, problem: signal.aborted ? 'none' : 'notGiven' });
    // Turned on by us: the best track of the video's own (the player took its default).
    if (on === 'false') track = servedTrack(doc, videoId);
  }
  try {
    let cues = track ? await cuesAt(captionsUrl(requested, track), signal) : [];
    if (!cues.length) cues = await cuesAt(captionsUrl(requested), signal);
    return give(cues.length ? { ok: true, cues } : { ok: false, problem: 'notGiven' });
  } catch {
    // Unreachable, or Stop meanwhile: the page as it was found.
    return give({ ok: false, problem: 'notGiven' });
  }
}
