import { browser } from 'wxt/browser';

/**
 * Closes local storage (where the API key lives) to content scripts. Chrome opens storage.local
 * to them by default; Firefox has no such switch, and there our content script simply never asks
 * for the key (nothing in it reads storage). Call from the background's main() on every start.
 */
export async function closeStorageToContentScripts(): Promise<void> {
  const local = browser.storage.local as { setAccessLevel?: (o: { accessLevel: string }) => Promise<void> };
  await local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }).catch(() => undefined);
}
