import { captureWrittenText } from './replace';
import { closestLanguage } from '../page/page-language';

/** What the written-text probe hands the worker: what the user wrote in the focused box, as the bubble will read it, and the box's language. */
export interface WrittenProbe {
  text: string;
  pageLanguage: string | null;
}

/**
 * Reads what the user wrote in the box that has the focus in `win`, exactly as the bubble does
 * (captureWrittenText: the selected part, else all of it; never a sensitive field), for the small
 * script the worker injects at the translate shortcut beside the page script: the request can
 * leave while the page script is still starting, and the bubble's own request then joins it.
 */
export function probeWritten(win: Window): WrittenProbe | null {
  const written = captureWrittenText(win);
  return written && { text: written.text, pageLanguage: closestLanguage(written.element) };
}
