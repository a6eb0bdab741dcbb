import { checkCaptionFileSize, parseCaptions, type CaptionsError, type ParsedCaptions } from '../captions/parse';
import type { Cue } from '../captions/cue';
import type { MessageKey } from '../i18n';

/*
 * "Load captions…": a caption file (SRT or VTT) from the user's computer becomes a hidden text
 * track of the video, so it is read, shown and translated exactly as the video's own captions.
 */

/** What the overlay says when a file is not usable: what happened and what to do (asked again). */
export const CAPTION_FILE_PROBLEMS: Record<CaptionsError['kind'], MessageKey> = {
  notCaptions: 'captionsFileNotCaptions',
  noCues: 'captionsFileNoCues',
  tooLarge: 'captionsFileTooLarge',
};

/** The file's cues; a file too large is refused before it is read. */
export async function captionsFromFile(file: Blob): Promise<ParsedCaptions> {
  const tooLarge = checkCaptionFileSize(file.size);
  if (tooLarge) return { ok: false, error: tooLarge };
  return parseCaptions(await file.text());
}

/** A hidden track of `video` holding `cues` (the browser keeps them and their events, and draws nothing). */
export function trackOfCues(video: HTMLVideoElement, cues: readonly Cue[], label: string): TextTrack {
  const track = video.addTextTrack('subtitles', label);
  track.mode = 'hidden';
  // The page's own VTTCue (a content script's global may be another realm's).
  const VttCue = video.ownerDocument.defaultView?.VTTCue ?? VTTCue;
  for (const cue of cues) track.addCue(new VttCue(cue.start, cue.end, cue.text));
  return track;
}
