import { browser } from 'wxt/browser';
import { t } from '../i18n';
import type { PlayerStatus } from '../player/contract';

const BLUE = '#1a56db';
const RED = '#b42318';
const GREEN = '#0e7a3e';

const BADGES: Record<PlayerStatus | 'idle' | 'problem', { text: string; color: string }> = {
  loading: { text: '…', color: BLUE },
  playing: { text: '▶', color: BLUE },
  paused: { text: '❚❚', color: '#5b616e' },
  ended: { text: '', color: BLUE },
  stopped: { text: '', color: BLUE },
  idle: { text: '', color: BLUE },
  error: { text: '!', color: RED },
  problem: { text: '!', color: RED },
};

/** A download's progress or failure, as the toolbar button shows it. */
export interface DownloadBadge {
  /** "42%" while running, "!" when it failed. */
  text: string;
  title: string;
  failed?: boolean;
}

const QUIET = new Set<keyof typeof BADGES>(['ended', 'stopped', 'idle']);
/** Whether the button shows a reading right now (it then wins over a download). */
let readingShown = false;
let download: DownloadBadge | null = null;

async function show(text: string, color: string, title: string): Promise<void> {
  const action = browser.action ?? browser.browserAction;
  await Promise.all([
    action.setBadgeText({ text }),
    action.setBadgeBackgroundColor({ color }),
    action.setTitle({ title }),
  ]).catch(() => undefined);
}

const showDownload = (d: DownloadBadge) => show(d.text, d.failed ? RED : GREEN, d.title);

/**
 * Shows on the toolbar button that a reading is under way (or went wrong), and clears it after;
 * a download's badge comes back once the reading no longer needs the button.
 */
export async function setBadge(state: keyof typeof BADGES, title?: string): Promise<void> {
  readingShown = !QUIET.has(state);
  if (!readingShown && download) return showDownload(download);
  const badge = BADGES[state];
  await show(badge.text, badge.color, title ?? t('extName'));
}

/**
 * Shows a download's progress ("42%", green) or failure ("!"), or clears it (null). A reading's
 * badge wins while a reading is under way: it is what the user listens to, and the two updating
 * the one button in turn would flicker. The download's shows again when the reading ends, and
 * the popup shows both all along.
 */
export async function setDownloadBadge(next: DownloadBadge | null): Promise<void> {
  download = next;
  if (readingShown) return;
  await (next ? showDownload(next) : show('', BLUE, t('extName')));
}
