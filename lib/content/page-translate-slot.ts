/**
 * Whole-page translation is only needed when the user asks for it, so it lives in a script of its
 * own (entrypoints/page-translate.content) that the background injects then, keeping the page
 * script small. Both scripts share the extension's isolated world in the frame.
 */
import type { PlayerCorner } from '../settings/player-corner';

const KEY = Symbol.for('voxlate.pageTranslator');
/**
 * Starts translating the page into `target`, until `signal` (the page agent's life) aborts; its
 * control sits in `corner` (where the user last put it).
 */
export type PageTranslator = (win: Window, target: string, signal: AbortSignal, corner?: PlayerCorner) => void;

/** Called by the page-translation script when it is injected. */
export function providePageTranslator(start: PageTranslator): void {
  (globalThis as { [KEY]?: PageTranslator })[KEY] = start;
}

/** What starts the page translation, or null when its script was not injected into this frame. */
export function pageTranslator(): PageTranslator | null {
  return (globalThis as { [KEY]?: PageTranslator })[KEY] ?? null;
}
