import { captureWrittenText } from './replace';
import { closestLanguage } from '../page/page-language';

/** What the written-text probe hands the worker: what the user wrote in the focused box, as the bubble will read it, and the box's language. */
export interface WrittenProbe {
  text: string;
  pageLanguage: string | null;
}

/** The probe's answer: what was written, or that the box with the focus is in a frame of the page (ask the frames), or nothing. */
export type WrittenProbeAnswer = WrittenProbe | { inFrame: true } | null;

/**
 * Reads what the user wrote in the box that has the focus in `win`, exactly as the bubble does
 * (captureWrittenText: the selected part, else all of it; never a sensitive field), for the small
 * script the worker injects at the translate shortcut beside the page script: the request can
 * leave while the page script is still starting, and the bubble's own request then joins it. The
 * top page whose focus is in one of its frames says so (the worker then asks every frame); a frame
 * answers only while the focus is in it (a frame's document keeps the box it last focused).
 */
export function probeWritten(win: Window): WrittenProbeAnswer {
  if (win !== win.top && !win.document.hasFocus()) return null;
  const written = captureWrittenText(win);
  if (written) return { text: written.text, pageLanguage: closestLanguage(written.element) };
  const active = win.document.activeElement;
  return active?.localName === 'iframe' || active?.localName === 'frame' ? { inFrame: true } : null;
}
