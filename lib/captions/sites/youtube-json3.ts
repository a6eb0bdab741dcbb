import { sortCues, type Cue } from '../cue';

/*
 * YouTube's captions as its player downloads them (the timedtext endpoint's `fmt=json3`): a list
 * of events, each shown from `tStartMs` for `dDurationMs`, its text in segments (`segs[].utf8`,
 * one a word in speech-recognised captions). Events without segments only place the caption
 * window, and "append" events add a line break to the event before: neither says anything.
 */

/** One segment of an event's text. */
interface Json3Segment {
  utf8?: unknown;
}

/** One event of a json3 file (only the fields read here). */
interface Json3Event {
  tStartMs?: unknown;
  dDurationMs?: unknown;
  aAppend?: unknown;
  segs?: unknown;
}

const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The event's text as said: its segments joined, each line's spaces collapsed, empty lines dropped. */
function eventText(segs: readonly Json3Segment[]): string {
  // Plain text already (no markup, no entities): only the layout's whitespace goes.
  return segs
    .map((seg) => (typeof seg.utf8 === 'string' ? seg.utf8 : ''))
    .join('')
    .split(/\r\n|\r|\n/u)
    .map((line) => line.replace(/[^\S\n]+/gu, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * The cues of a json3 captions file (already parsed from JSON), in seconds, sorted, with ids by
 * position. Anything that is not such a file gives no cues.
 */
export function cuesOfJson3(json: unknown): Cue[] {
  const events = (json as { events?: unknown } | null)?.events;
  if (!Array.isArray(events)) return [];
  const said = (events as Json3Event[]).flatMap((event) => {
    const start = finite(event?.tStartMs);
    if (start === null || !Array.isArray(event.segs)) return [];
    const text = eventText(event.segs as Json3Segment[]);
    // An append event's line break (or an event of blanks) shows nothing new.
    if (text === '') return [];
    return [{ start, duration: finite(event.dDurationMs), text }];
  });
  const cues = said.map((event, i) => {
    // Without a duration (seen in some live captions): shown until the next one starts.
    const end = event.duration !== null ? event.start + event.duration : (said[i + 1]?.start ?? event.start);
    return { id: '', start: event.start / 1000, end: end / 1000, text: event.text };
  });
  return sortCues(cues.filter((cue) => cue.end > cue.start)).map((cue, i) => ({ ...cue, id: String(i) }));
}
