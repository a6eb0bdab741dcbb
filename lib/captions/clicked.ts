/*
 * Which video "Translate captions" is for: the one the user right-clicked. The menu click reaches
 * the worker with the video's address (srcUrl, both browsers) and, in Firefox, the element itself
 * (targetElementId); the worker leaves them in the frame before it injects the captions script.
 */

/** What the menu click said about the clicked video. */
export interface ClickedVideo {
  /** The clicked media's address (the menu click's srcUrl). */
  srcUrl?: string;
  /** Firefox: the clicked element, for browser.menus.getTargetElement. */
  targetElementId?: number;
}

/** The name of the symbol (Symbol.for) under which the worker leaves the ClickedVideo for the captions script it injects next. */
export const CLICKED_VIDEO_KEY = 'voxlate.captions.clicked';
