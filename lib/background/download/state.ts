import { storage } from '#imports';
import type { SerializedServiceError } from '../../api/errors';
import type { SpeechParams } from '../../player/contract';
import { unpinAudio } from '../../speech/pins';

export type DownloadStatus = 'running' | 'done' | 'failed' | 'cancelled';

/** The download job as the popup and the badge show it (session storage: the popup watches it). */
export interface DownloadState {
  id: string;
  title: string;
  format: SpeechParams['format'];
  status: DownloadStatus;
  /** Parts (service requests) of the whole text. */
  total: number;
  /** Parts whose audio is in the cache. */
  done: number;
  /** Set when done: the saved file's name. */
  fileName?: string;
  /** Set when failed: what went wrong, in words for the user. */
  error?: SerializedServiceError;
  /** Whether Retry can finish it (the text is still known). */
  retryable?: boolean;
  /** While running: why it takes long (the service is busy, slow, or a retry is coming). */
  note?: string;
  updatedAt: number;
}

/** What a retry needs to ask again for exactly the same parts: the text and the resolved voice. */
export interface DownloadRequestRecord {
  id: string;
  text: string;
  title: string;
  params: SpeechParams;
  /** The page it was asked from (context menu), which hears why it waits; null from the popup. */
  tabId?: number | null;
  /**
   * Asked from a private window: its parts stay in memory and it is forgotten with the last
   * private window. Found at the first run and kept, so a retry after its tab closed is private still.
   */
  inPrivate?: boolean;
}

export const downloadItem = storage.defineItem<DownloadState | null>('session:download', { fallback: null });

/** Kept apart from the state, which is rewritten at every part: the text can be long. */
export const downloadRequestItem = storage.defineItem<DownloadRequestRecord | null>('session:downloadRequest', { fallback: null });

/** The pin owner of a job's parts in the audio cache. */
export const pinOwner = (id: string) => `download:${id}`;

/**
 * The last private window closed: a download asked from one is forgotten (its text, and the Retry
 * that would buy again the parts that were kept in memory only).
 */
export async function forgetPrivateDownload(): Promise<void> {
  const request = await downloadRequestItem.getValue();
  if (!request?.inPrivate) return;
  await downloadRequestItem.setValue(null);
  await unpinAudio(pinOwner(request.id));
  const state = await downloadItem.getValue();
  if (state?.id === request.id && state.status !== 'running') await downloadItem.setValue(null);
}
