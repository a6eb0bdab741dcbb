import type { PageSource } from './highlight';
import { closestLanguage } from './page-language';
import { isSensitiveFocused, readSelection } from './selection';

/** What the selection probe hands the background: the selection as the page agent would read it. */
export interface ProbedSelection {
  kind: PageSource['kind'];
  text: string;
  gaps: readonly number[];
  title: string;
  languageHint: string | null;
}

export interface SelectionProbe {
  /** The frame's selection (hidden text left out, as readSelection reads it), or null when none. */
  read: ProbedSelection | null;
  /** The focus is in a sensitive field (a password, card details), whose text is never read, whoever reports it. */
  sensitiveFocused: boolean;
  /** The page's language, for text taken from the browser's report instead (as readCheckedSelection does). */
  pageLanguage: string | null;
}

const KEY = Symbol.for('voxlate.probedSelection');
/** How long a probed selection waits for the page agent to take it over. */
const KEEP_MS = 10_000;

interface Kept {
  source: PageSource;
  ranges: Range[];
  at: number;
}

type Scope = { [KEY]?: Kept };

/**
 * Reads the selection of `win` right away, for the selection script the background injects at a
 * menu click beside the (larger, slower to start) page script: the first request can leave as soon
 * as the text is known. The reading keeps it for the page agent, which takes it over for the
 * highlight instead of reading the selection again.
 */
export function probeSelection(win: Window): SelectionProbe {
  const source = readSelection(win);
  const selection = win.getSelection();
  const ranges = selection ? Array.from({ length: selection.rangeCount }, (_, i) => selection.getRangeAt(i).cloneRange()) : [];
  if (source) (globalThis as Scope)[KEY] = { source, ranges, at: Date.now() };
  const read = source && { kind: source.kind, text: source.text, gaps: source.gaps ?? [], title: source.title, languageHint: source.languageHint };
  const doc = win.document;
  return { read, sensitiveFocused: isSensitiveFocused(doc), pageLanguage: closestLanguage(doc.body ?? doc.documentElement) };
}

/**
 * The selection the probe read in this frame, once, if the selection has not changed since (same
 * ranges) and it is recent; else null (read it again).
 */
export function takeProbedSelection(win: Window): PageSource | null {
  const scope = globalThis as Scope;
  const kept = scope[KEY];
  delete scope[KEY];
  if (!kept || Date.now() - kept.at > KEEP_MS) return null;
  const selection = win.getSelection();
  if (!selection || selection.rangeCount !== kept.ranges.length) return null;
  const same = kept.ranges.every((range, i) => {
    const now = selection.getRangeAt(i);
    return (
      now.startContainer === range.startContainer && now.startOffset === range.startOffset && now.endContainer === range.endContainer && now.endOffset === range.endOffset
    );
  });
  return same ? kept.source : null;
}
