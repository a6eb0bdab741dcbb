import { PLAYER_CORNERS, type PlayerCorner } from '../settings/player-corner';

/**
 * What the worker leaves in a page's top frame, just before it injects the page-translation
 * script, for that script to start on as it runs (background/page-link.ts startPageTranslationIn):
 * the page's translation starts from its injection, without a message after it.
 */
export interface PageTranslateRequest {
  /** The language to translate into (a code the worker checked). */
  target: string;
  /** Where the panel and control sit (where the user last put them). */
  corner?: PlayerCorner;
}

/** Its key (as `Symbol.for(key)`) in the extension's isolated world of the frame. */
export const PAGE_TRANSLATE_REQUEST_KEY = 'voxlate.pageTranslateRequest';

/**
 * The request left for this script, taken (a later injection of the script, e.g. into a page
 * already translated, does not start on it again); null when there is none or it is not one.
 * Only our own executeScript writes there (the page's scripts live in another world), but what
 * the script starts on is still checked.
 */
export function takePageTranslateRequest(scope: Record<symbol, unknown> = globalThis as Record<symbol, unknown>): PageTranslateRequest | null {
  const key = Symbol.for(PAGE_TRANSLATE_REQUEST_KEY);
  const value = scope[key] as { target?: unknown; corner?: unknown } | undefined;
  delete scope[key];
  if (typeof value?.target !== 'string' || !/^[a-z]{2,3}$/.test(value.target)) return null;
  const corner = PLAYER_CORNERS.find((c) => c === value.corner);
  return corner ? { target: value.target, corner } : { target: value.target };
}
