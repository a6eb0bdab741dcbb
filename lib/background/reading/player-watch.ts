import { browser } from 'wxt/browser';
import { PLAYER_PORT } from '../../player/background-link';
import { classifySender, originOf } from '../../messaging/sender';

/** How long a closing document may still be listed among the extension's contexts. */
const GONE_WITHIN_MS = 2000;
const POLL_MS = 100;

/**
 * Calls `onGone` when the player's document is gone (closed by Chrome, crashed): its port to us
 * disconnects. Register it synchronously at start-up: the player connecting wakes the worker.
 * `exists` tells whether a player document is still there; a closing one may be listed for a
 * moment after its port dropped, so it is asked until it says no.
 */
export function watchPlayer(exists: () => Promise<boolean>, onGone: () => void): void {
  browser.runtime.onConnect.addListener((port) => {
    const origin = originOf(browser.runtime.getURL('/'));
    if (port.name !== PLAYER_PORT || !port.sender || !origin) return;
    // Our own pages only: a content script may open a port by the same name.
    if (classifySender(port.sender, browser.runtime.id, origin) !== 'extension') return;
    port.onDisconnect.addListener(() => void whenGone(exists).then((gone) => gone && onGone()));
  });
}

/** True once `exists` says no; false if the document is still there after GONE_WITHIN_MS. */
export async function whenGone(exists: () => Promise<boolean>, withinMs = GONE_WITHIN_MS): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (!(await exists().catch(() => true))) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
