import { browser } from 'wxt/browser';
import { t } from '../i18n';
import type { PlayerStatus } from './types';

const BADGES: Record<PlayerStatus | 'idle' | 'problem', { text: string; color: string }> = {
  loading: { text: '…', color: '#1a56db' },
  playing: { text: '▶', color: '#1a56db' },
  paused: { text: '❚❚', color: '#5b616e' },
  ended: { text: '', color: '#1a56db' },
  stopped: { text: '', color: '#1a56db' },
  idle: { text: '', color: '#1a56db' },
  error: { text: '!', color: '#b42318' },
  problem: { text: '!', color: '#b42318' },
};

/** Shows on the toolbar button that a reading is under way (or went wrong), and clears it after. */
export async function setBadge(state: keyof typeof BADGES, title?: string): Promise<void> {
  const action = browser.action ?? browser.browserAction;
  const badge = BADGES[state];
  await Promise.all([
    action.setBadgeText({ text: badge.text }),
    action.setBadgeBackgroundColor({ color: badge.color }),
    action.setTitle({ title: title ?? t('extName') }),
  ]).catch(() => undefined);
}
