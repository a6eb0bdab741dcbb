/*
 * Which of a YouTube video's caption tracks to read, and the address to read it at. The player
 * lists the tracks in its player response (`captions.playerCaptionsTracklistRenderer`), each with
 * a `baseUrl` on the timedtext endpoint; that address alone now answers an empty body on real
 * YouTube: the endpoint wants the proof-of-origin token (`pot`) and client fields the player adds
 * to its own request. So the address is always built from a request the player itself made (for
 * the track chosen: its `baseUrl` with the player's extra fields), never guessed.
 */

/** One caption track as the player response lists it (the fields read here). */
export interface YoutubeCaptionTrack {
  baseUrl: string;
  languageCode: string;
  /** Speech recognised by YouTube ("asr"), not written by a person. */
  generated: boolean;
}

/** The tracks of a player response, and the one its uploader set as the default (an index into them, or null). */
export interface YoutubeCaptionList {
  videoId: string | null;
  tracks: YoutubeCaptionTrack[];
  defaultIndex: number | null;
}

type Json = Record<string, unknown> | undefined;
const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined);

/** The caption tracks of a player response (`ytInitialPlayerResponse`); none when it lists none. */
export function captionListOf(playerResponse: unknown): YoutubeCaptionList {
  const response = obj(playerResponse);
  const renderer = obj(obj(response?.captions)?.playerCaptionsTracklistRenderer);
  const listed = Array.isArray(renderer?.captionTracks) ? renderer.captionTracks : [];
  const tracks = listed.flatMap((item): YoutubeCaptionTrack[] => {
    const track = obj(item);
    if (typeof track?.baseUrl !== 'string' || typeof track.languageCode !== 'string') return [];
    return [{ baseUrl: track.baseUrl, languageCode: track.languageCode, generated: track.kind === 'asr' }];
  });
  const audio = Array.isArray(renderer?.audioTracks) ? obj(renderer.audioTracks[0]) : undefined;
  const index = audio?.defaultCaptionTrackIndex;
  const videoId = obj(response?.videoDetails)?.videoId;
  return {
    videoId: typeof videoId === 'string' ? videoId : null,
    tracks,
    defaultIndex: typeof index === 'number' && tracks[index] ? index : null,
  };
}

/**
 * The object assigned to `name` in a page script's text (`var ytInitialPlayerResponse = {…};`),
 * parsed; null when the script has none or it is not JSON. The braces are matched outside strings.
 */
export function assignedJson(script: string, name: string): unknown {
  const at = script.search(new RegExp(`\\b${name}\\s*=\\s*\\{`, 'u'));
  if (at < 0) return null;
  const open = script.indexOf('{', at);
  let depth = 0;
  let quoted = false;
  for (let i = open; i < script.length; i++) {
    const ch = script[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) {
      try {
        return JSON.parse(script.slice(open, i + 1));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The track to read when the user has none on: one written by a person in the video's own
 * language (that of its recognised speech), else the uploader's default, else the recognised
 * speech, else the first. Null for no tracks.
 */
export function chooseTrack(list: YoutubeCaptionList): YoutubeCaptionTrack | null {
  const { tracks } = list;
  const spoken = tracks.find((track) => track.generated)?.languageCode;
  const base = (code: string) => code.split('-')[0]!.toLowerCase();
  return (
    (spoken ? tracks.find((track) => !track.generated && base(track.languageCode) === base(spoken)) : undefined) ??
    (list.defaultIndex !== null ? tracks[list.defaultIndex] : undefined) ??
    tracks.find((track) => track.generated) ??
    tracks[0] ??
    null
  );
}

/** Whether `url` is a request to YouTube's timedtext endpoint (the player's captions download). */
export function isTimedtextRequest(url: string): boolean {
  try {
    return /(?:^|\/)timedtext$/u.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/** The video a timedtext request is for (its `v`), or null. */
export function videoOfRequest(url: string): string | null {
  try {
    return new URL(url).searchParams.get('v');
  } catch {
    return null;
  }
}

/**
 * The address to read captions at: the player's own request `requested` (its token and client
 * fields), for `track` when given (its language, kind and signature), in json3, in the track's own
 * language (YouTube's machine translation, `tlang`, dropped: the original is what we translate).
 */
export function captionsUrl(requested: string, track: YoutubeCaptionTrack | null = null): string {
  const player = new URL(requested);
  const url = track ? new URL(track.baseUrl, player) : new URL(player);
  if (track) {
    // The track's own fields stay; the player's fields it lacks (pot, potc, c, cver, …) are added.
    for (const [key, value] of player.searchParams) if (!url.searchParams.has(key) && key !== 'kind' && key !== 'name' && key !== 'lang') url.searchParams.set(key, value);
  }
  url.searchParams.delete('tlang');
  url.searchParams.set('fmt', 'json3');
  return url.href;
}
