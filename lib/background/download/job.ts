import { serializeError, ServiceError } from '../../api/errors';
import { PLAN_LIMITS } from '../../api/scheduler';
import { fetchAccount } from '../account';
import { currentPlan } from '../service';
import { t } from '../../i18n';
import { createSerial } from '../../serial';
import { getSettings } from '../../settings/items';
import { AUDIO_CACHE_LIMIT_BYTES, audioCacheEntries, audioCacheKey, hasAudio } from '../../speech/cache';
import { readingAt, speechFitOf, textAsSaid } from '../reading/said';
import { pinAudio, unpinAudio } from '../../speech/pins';
import { setDownloadBadge } from '../badge';
import { endFetches, fetchChunk } from '../reading/audio-fetch';
import { isPrivateTab, markPrivateSession } from '../private-windows';
import { saveJoinedAudio } from './file';
import { runParts, type PartRun } from './parts';
import { assertFitsCache, bytesPerSecond, estimateAudioBytes } from './size';
import { downloadItem, downloadRequestItem, pinOwner, type DownloadRequestRecord, type DownloadState } from './state';
import { buildPlan } from '../reading/plan';
import { tellPage } from '../page-link';
import { pacedNote, retryNote, slowNote, watchWait } from '../wait-notes';

/** What the user is about to pay for, shown or checked before anything is sent. */
export interface DownloadSummary {
  /** How it will be spoken (voice, language, speed, format), e.g. for estimateSpeech. */
  params: DownloadRequestRecord['params'];
  format: 'mp3' | 'wav';
  parts: number;
  characters: number;
  /** Parts (and their characters) not in the cache: only these will be paid for. */
  partsToFetch: number;
  charactersToFetch: number;
  /** The request texts of those parts, e.g. for estimateSpeechCredits. */
  textsToFetch: string[];
  estimatedBytes: number;
}

/**
 * The step between planning and sending: resolves true to go ahead, false to send nothing (the
 * job ends as cancelled), or throws to send nothing and hand that error to the caller (e.g. "ask
 * the user first"). Every start and retry passes through it, before any state or pin is written,
 * so an estimate and a confirmation above the user's threshold fit here.
 */
export type ConfirmDownload = (summary: DownloadSummary) => Promise<boolean>;

/** Downloads yield to what is being read aloud: the listener is waiting for that. */
const DOWNLOAD_PRIORITY = -1000;

/** State writes in order: a late part's progress must never undo the final status. */
const serial = createSerial();

/** The job running in this worker, so Cancel can reach it (one at a time). */
let running: { id: string; run: PartRun | null } | null = null;

/** The id of the job running in this worker, if any. */
export const runningJobId = () => running?.id ?? null;

/** Cancels the running job with this id; false when it is not running here. */
export function cancelRunningJob(id: string): boolean {
  if (running?.id !== id) return false;
  // Not yet sending (estimating, confirming): it sees `run` missing below and stops.
  running.run?.cancel();
  running = { id, run: null };
  return true;
}

/**
 * Runs a download job to its end: plans its parts, refuses what could not fit in the cache,
 * asks `confirm`, holds the parts in the cache, fetches the missing ones in order within the
 * plan's concurrency, then joins them into one file. Progress and outcome go to session storage
 * (the popup watches it) and the toolbar badge.
 */
export async function runDownloadJob(request: DownloadRequestRecord, confirm: ConfirmDownload): Promise<{ fileName: string }> {
  if (running) {
    throw new ServiceError('invalidRequest', t('downloadBusy'));
  }
  const { id, text, title, params } = request;
  const marker = { id, run: null as PartRun | null };
  running = marker;
  let sending = false;
  try {
    // A fresh session per run: a retry must not be refused as the ended session of the failed run.
    const settings = await getSettings();
    const { serviceUrl, cleanup } = settings;
    const sessionId = `download-${id}-${Date.now()}`;
    // Its parts as they will be said (the user's pronunciations, each part within the limit so) and cached.
    readingAt(sessionId, typeof request.tabId === 'number' ? request.tabId : null);
    const { plan } = buildPlan({ sessionId, text, title, params, cleanup, fit: await speechFitOf(sessionId, params.language, settings) });
    // A private window's download: the parts it fetches stay in memory (the file itself is the user's).
    // Known from its first run on: a retry after the tab closed is a private window's still.
    const inPrivate = await markPrivateSession(plan.sessionId, request.inPrivate ?? (await isPrivateTab(typeof request.tabId === 'number' ? request.tabId : null)));
    const said = await Promise.all(plan.chunks.map((c) => textAsSaid(plan.sessionId, c.text, params.language)));
    const keys = await Promise.all(said.map((text) => audioCacheKey({ service: serviceUrl, text, ...params })));
    const summary = await summarize(said, keys, params);
    assertFitsCache(summary.estimatedBytes, AUDIO_CACHE_LIMIT_BYTES);
    if (!(await confirm(summary)) || running !== marker) throw new ServiceError('cancelled', t('downloadWasCancelled'));
    await releasePreviousJob(id);
    await pinAudio(pinOwner(id), keys);
    await downloadRequestItem.setValue({ ...request, inPrivate });
    await write({ id, title: title.slice(0, 200), format: params.format, status: 'running', total: keys.length, done: 0, updatedAt: Date.now() });
    sending = true;
    const run = runParts({
      total: keys.length,
      concurrency: PLAN_LIMITS[await currentPlan()].concurrency,
      fetchPart: async (index) => {
        const watch = watchWait({
          retry: (error, delayMs) => noteWait(request, retryNote(error, delayMs)),
          // A long download on a plan with few requests a minute: said, not taken for a slow service.
          paced: (delayMs, perWindow) => noteWait(request, pacedNote(delayMs, perWindow)),
          slow: () => noteWait(request, slowNote()),
        });
        try {
          await fetchChunk({ sessionId: plan.sessionId, chunkIndex: index, text: plan.chunks[index]!.text, params, priority: DOWNLOAD_PRIORITY, onRetry: watch.onRetry, onPaced: watch.onPaced });
        } finally {
          watch.stop();
        }
      },
      // Parts not yet sent are dropped; sent ones finish into the cache, held there for a retry.
      release: () => endFetches(plan.sessionId),
      onProgress: (done) => void change(id, (s) => ({ ...s, done, note: undefined })),
    });
    if (running !== marker) run.cancel();
    else marker.run = run;
    // Once nothing is on the wire any more, the balance shows what the job cost.
    void run.drained.then(() => fetchAccount(0)).catch(() => undefined);
    await run.finished;
    const fileName = await saveJoinedAudio(keys, params, title, inPrivate);
    // The file is the browser's now: a download asked for while this one's end is written is not "busy".
    if (running === marker) running = null;
    await end(id, { status: 'done', fileName });
    return { fileName };
  } catch (error) {
    const problem = serializeError(error);
    if (sending && problem.kind === 'cancelled') await end(id, { status: 'cancelled' });
    else if (sending) await end(id, { status: 'failed', error: problem, retryable: true });
    throw error;
  } finally {
    if (running?.id === id) running = null;
  }
}

/** Says why the download waits: in the popup's download card, and on the page it was asked from. */
function noteWait(request: DownloadRequestRecord, note: string): void {
  void change(request.id, (s) => ({ ...s, note })).then((state) => {
    if (state?.status === 'running' && typeof request.tabId === 'number') {
      return tellPage(request.tabId, 0, { type: 'pageNotice', tone: 'info', message: note });
    }
  }).catch(() => undefined);
}

async function summarize(texts: string[], keys: string[], params: DownloadRequestRecord['params']): Promise<DownloadSummary> {
  const [cached, entries] = await Promise.all([Promise.all(keys.map((k) => hasAudio(k))), audioCacheEntries()]);
  const characters = texts.reduce((sum, s) => sum + s.length, 0);
  const missing = texts.filter((_, i) => !cached[i]);
  return {
    params,
    format: params.format,
    parts: texts.length,
    characters,
    partsToFetch: missing.length,
    charactersToFetch: missing.reduce((sum, s) => sum + s.length, 0),
    textsToFetch: missing,
    estimatedBytes: estimateAudioBytes(characters, params.speed, bytesPerSecond(params.format, entries)),
  };
}

/** A new job replaces the last one: the parts a failed job still held are let go. */
async function releasePreviousJob(id: string): Promise<void> {
  const previous = await downloadItem.getValue();
  if (previous && previous.id !== id) await unpinAudio(pinOwner(previous.id));
}

/** Ends a job in the state, the badge and the cache: parts stay held only for a retry. */
export async function end(id: string, outcome: Pick<DownloadState, 'status' | 'fileName' | 'error' | 'retryable' | 'note'>): Promise<void> {
  const state = await change(id, (s) => ({ ...s, note: undefined, ...outcome }));
  if (outcome.status !== 'failed') {
    await unpinAudio(pinOwner(id));
    if ((await downloadRequestItem.getValue())?.id === id) await downloadRequestItem.setValue(null);
  }
  if (!state) return;
  await setDownloadBadge(
    outcome.status === 'failed' ? { text: '!', failed: true, title: t('badgeDownloadFailed', outcome.error?.message ?? '') } : null,
  );
}

function write(state: DownloadState): Promise<void> {
  return serial(async () => {
    await downloadItem.setValue(state);
    await showProgress(state);
  });
}

/** Changes the job's state if it is still the current one; returns the new state. */
function change(id: string, patch: (s: DownloadState) => DownloadState): Promise<DownloadState | null> {
  return serial(async () => {
    const state = await downloadItem.getValue();
    if (state?.id !== id) return null;
    const next = { ...patch(state), updatedAt: Date.now() };
    await downloadItem.setValue(next);
    await showProgress(next);
    return next;
  });
}

async function showProgress(state: DownloadState): Promise<void> {
  if (state.status !== 'running') return;
  const percent = state.total ? Math.floor((100 * state.done) / state.total) : 0;
  await setDownloadBadge({ text: `${percent}%`, title: t('badgeDownloading', [String(state.done), String(state.total)]) });
}
