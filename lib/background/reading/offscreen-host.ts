import { unwrap } from '../../messaging/result';
import { sendMessage } from '../../messaging/send';
import type { PlayerHost } from './player-host';
import { t } from '../../i18n';

const OFFSCREEN_URL = 'offscreen.html';
let creating: Promise<void> | null = null;

/** Whether Chrome's offscreen player document is there. */
export async function offscreenExists(): Promise<boolean> {
  const contexts = await chrome.runtime.getContexts({
    contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT],
    documentUrls: [chrome.runtime.getURL(OFFSCREEN_URL)],
  });
  return contexts.length > 0;
}

/**
 * Creates the offscreen player once, even when several callers ask at the same moment. A document
 * being created is waited for first: it is listed before its script listens, and a message sent
 * to it then finds no one (the player got ready while a translation was on its way, then the
 * reading started).
 */
export async function ensureOffscreen(): Promise<void> {
  if (creating) return creating;
  if (await offscreenExists()) return;
  creating ??= chrome.offscreen
    .createDocument({
      url: OFFSCREEN_URL,
      reasons: [chrome.offscreen.Reason.AUDIO_PLAYBACK],
      justification: t('offscreenJustification'),
    })
    .finally(() => (creating = null));
  await creating;
}

/**
 * Chrome: the player lives in an offscreen document, which keeps playing while the service worker
 * sleeps. Chrome closes it after about 30 s without sound (a long pause, a long wait on the
 * service; headless Chrome whatever plays); the reading then starts a new one from the saved
 * position (player-watch.ts notices, recovery.ts decides).
 */
export function createOffscreenHost(): PlayerHost {
  return {
    async start(plan, startSentence) {
      await ensureOffscreen();
      unwrap(await sendMessage('playerStart', { plan, startSentence }));
    },
    async prepare() {
      await ensureOffscreen();
      unwrap(await sendMessage('playerPrepare'));
    },
    async control(action) {
      if (!(await offscreenExists())) return false;
      unwrap(await sendMessage('playerControl', { action }));
      return true;
    },
    async setSpeed(speed, cached) {
      if (!(await offscreenExists())) return null;
      return unwrap(await sendMessage('playerSetSpeed', { speed, cached }));
    },
    async state() {
      if (!(await offscreenExists())) return null;
      return unwrap(await sendMessage('playerState'));
    },
    async stats() {
      if (!(await offscreenExists())) return null;
      return unwrap(await sendMessage('playerStats'));
    },
    alive: offscreenExists,
  };
}
