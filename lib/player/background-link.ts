import { browser } from 'wxt/browser';

/** Name of the port a player document keeps open to the background. */
export const PLAYER_PORT = 'voxlate-player';

/** Pause before connecting again, so a refused connection cannot spin. */
const RECONNECT_MS = 100;

/**
 * Keeps a port open from the player's document to the background. When Chrome closes the document
 * (it does so to an AUDIO_PLAYBACK document that has been silent for about 30 s, and headless
 * Chrome to any) or it crashes, the background sees the port disconnect and starts a new player.
 * When the worker stops, this end sees the disconnect: connecting again wakes the worker, so a
 * reading under way (`live()`) always has a worker watching its player.
 */
export function linkToBackground(live: () => boolean): { ensure(): void } {
  let connected = false;
  function ensure(): void {
    if (connected) return;
    connected = true;
    const port = browser.runtime.connect({ name: PLAYER_PORT });
    port.onDisconnect.addListener(() => {
      // Read, so Chrome does not log it as unchecked: the worker stopping is expected.
      void browser.runtime.lastError;
      connected = false;
      setTimeout(() => live() && ensure(), RECONNECT_MS);
    });
  }
  return { ensure };
}
