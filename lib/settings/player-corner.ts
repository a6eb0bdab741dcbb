/**
 * Corners of the window the in-page player can sit in. Its own file: the protocol (in the page
 * script) needs this list without the whole settings schema.
 */
export const PLAYER_CORNERS = ['bottom-right', 'bottom-left', 'top-left', 'top-right'] as const;
export type PlayerCorner = (typeof PLAYER_CORNERS)[number];
