import type { createPagePlayer } from '../page/player/page-player';

/**
 * The in-page player is only needed while a page is read aloud, so it lives in a script of its
 * own (entrypoints/player.content) that the background injects when a reading of the page starts,
 * keeping the page script small. Both scripts share the extension's isolated world in the frame.
 */
const KEY = Symbol.for('voxlate.pagePlayer');
type PlayerFactory = typeof createPagePlayer;

/** Called by the player script when it is injected. */
export function providePagePlayer(factory: PlayerFactory): void {
  (globalThis as { [KEY]?: PlayerFactory })[KEY] = factory;
}

/** What makes the in-page player, or null when the player script was not injected into this frame. */
export function pagePlayerFactory(): PlayerFactory | null {
  return (globalThis as { [KEY]?: PlayerFactory })[KEY] ?? null;
}
