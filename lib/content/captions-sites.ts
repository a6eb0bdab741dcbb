import { t } from '../i18n';
import { showPageNotice } from '../page/notice';
import { trackOfCues } from './captions-file';
import { youtubeCaptions } from './captions-youtube';

/*
 * Site adapters: only for a site whose player hides its captions from the standard API (it draws
 * them itself, and `video.textTracks` is empty). An adapter that recognises the video's player
 * reads its captions as that player does; they become a hidden track of the video, read, shown,
 * translated, heard and downloaded exactly like a video's own. Each adapter has a fixture of its
 * own (test/fixtures/video/youtube.html for YouTube's).
 */

const SITE_TRACKS = Symbol.for('voxlate.captions.siteTracks');

/** The tracks made here (kept across injections of the script): a later start reads the site afresh, not an old copy. */
function siteTracks(): WeakSet<TextTrack> {
  const scope = globalThis as { [SITE_TRACKS]?: WeakSet<TextTrack> };
  return (scope[SITE_TRACKS] ??= new WeakSet());
}

/** Whether `track` is one made here of a site's captions. */
export function isSiteTrack(track: TextTrack): boolean {
  return siteTracks().has(track);
}

/**
 * The captions of the site's player around `video` as a hidden track of it, while `signal` lives
 * (then no longer drawn, and the site's own captions as found); null when no adapter knows the
 * player, or it has no captions to give (a notice says so when the site would not give them).
 */
export async function siteTrack(video: HTMLVideoElement, signal: AbortSignal): Promise<TextTrack | null> {
  const found = await youtubeCaptions(video, signal);
  if (!found || signal.aborted) return null;
  if (!found.ok) {
    if (found.problem === 'notGiven') void showPageNotice({ message: t('captionsSiteNotGiven'), tone: 'info', timeoutMs: 15_000, signal });
    return null;
  }
  // Unlabelled: the page needs no name of ours among its video's tracks.
  const track = trackOfCues(video, found.cues, '');
  siteTracks().add(track);
  signal.addEventListener('abort', () => (track.mode = 'disabled'), { once: true });
  return track;
}
