import { isServiceError, ServiceError, type ServiceErrorKind, type SerializedServiceError } from '../../api/errors';
import { afterSpeechPaid, fetchAccount } from '../account';
import { keepAliveDuring } from '../keep-alive';
import { readingRetryNote, readingSlowNote, setWaitNote, watchWait } from '../wait-notes';
import type { ReadingState, ReadStart } from '../../messaging/protocol';
import { getSettings } from '../../settings/items';
import { setBadge } from '../badge';
import { capReadingText } from './cap';
import { cancelFetches, endFetches, fetchChunk, isFetching, waitingOnService } from './audio-fetch';
import { interruptReading } from './interrupt';
import { createLocalHost } from './local-host';
import { createOffscreenHost } from './offscreen-host';
import { tellPage } from '../page-link';
import { closePagePlayer, tellPagePlayer } from './page-player';
import { planStartingAt } from './plan';
import { firstRequestText } from '../../speech/chunk';
import type { PlayerHost } from './player-host';
import { recoverReading, restartPlayer } from './recovery';
import { lastErrorItem, sessionItem, type ReadingPage, type ReadingSession } from './session';
import { followPosition } from './resume';
import { chunkOfSentence } from '../../player/sentence-position';
import { createSerial } from '../../serial';
import { inWords } from '../../player/player-error';
import { chooseSpeechParams, type SpeechChoices } from './speech-params';
import { changeSpeed } from './speed';
import { confirmThreshold, describeEstimate, estimateSpeech, holdForConfirmation } from '../spend-confirm';
import type { PlayerAction, PlayerEvent, SpeechParams } from '../../player/contract';
import { formatNumber, t } from '../../i18n';

/** Start, stop and the player's reports change the one current reading: one at a time. */
const serial = createSerial();

let host: PlayerHost | null = null;

function playerHost(): PlayerHost {
  host ??= import.meta.env.FIREFOX
    ? createLocalHost({
        fetchChunk: fetchChunkForPlayer,
        cancelFetches,
        onEvent: (event) => void handlePlayerEvent(event),
      })
    : createOffscreenHost();
  return host;
}

/**
 * What the player asks for: a chunk's audio in the cache. Waits are told to the user (a retry
 * coming; a slow service once the listener is waiting on it), and the worker is kept alive
 * meanwhile: a wait on the service (a Retry-After) can outlast its 30 s.
 */
export async function fetchChunkForPlayer(request: { sessionId: string; chunkIndex?: number; text: string; params: SpeechParams; priority: number }) {
  const { sessionId } = request;
  const watch = watchWait(
    {
      retry: (error, delayMs) => void noteReadingRetry(sessionId, error, delayMs),
      slow: () => void noteReadingWait(sessionId, readingSlowNote()),
    },
    () => listenerWaits(sessionId),
  );
  try {
    const cacheKey = await keepAliveDuring(() => fetchChunk({ ...request, onRetry: watch.onRetry }));
    return { cacheKey };
  } finally {
    watch.stop();
  }
}

/** Whether the listener of reading `sessionId` is waiting for audio right now (not hearing any). */
async function listenerWaits(sessionId: string): Promise<boolean> {
  const session = await sessionItem.getValue();
  if (session?.plan.sessionId !== sessionId || session.interrupted) return false;
  return !session.position || session.position.status === 'loading';
}

/**
 * The stored reading `sessionId`, waiting a little for it: a first request sent from a menu click
 * can hear back (e.g. a 429) before its reading is stored, while the page script is still coming.
 */
async function startedSession(sessionId: string, waitMs = 3000) {
  for (let waited = 0; ; waited += 100) {
    const session = await sessionItem.getValue();
    // Found after waiting: still worth saying only while its requests are still with the service.
    if (session?.plan.sessionId === sessionId) return waited === 0 || waitingOnService(sessionId) ? session : null;
    if (waited >= waitMs) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A rate limit slows the whole reading: said at once; another retry once the listener waits on it. */
async function noteReadingRetry(sessionId: string, error: unknown, delayMs: number): Promise<void> {
  const busy = isServiceError(error) && error.kind === 'rateLimited';
  if (busy || (await listenerWaits(sessionId))) await noteReadingWait(sessionId, readingRetryNote(error, delayMs));
}

/**
 * Says why the reading waits, where the user is: on the page it came from, and in the popup's
 * reading card. The note goes once the reading plays again.
 */
async function noteReadingWait(sessionId: string, message: string): Promise<void> {
  const session = await startedSession(sessionId);
  if (!session) return;
  if (!(await setWaitNote(`reading:${sessionId}`, message)) || session.tabId === null) return;
  await tellPage(session.tabId, 0, { type: 'pageNotice', tone: 'info', message });
}

/**
 * The player's document may be gone (Chrome closed it, it crashed) or the worker just started: a
 * reading under way gets a new player at the same sentence, or the user is told it stopped.
 */
export const recoverPlayer = () =>
  serial(() => recoverReading({ host: playerHost(), waitingOnService, interrupt: interruptReading })).catch(() => 'none' as const);

export interface ReadRequest extends SpeechChoices {
  text: string;
  title: string;
  tabId: number | null;
  frameId: number | null;
  /** False when the text is not on the page (e.g. a translation): nothing to highlight there. */
  highlight?: boolean;
  /** The user already agreed to its cost (it was above their threshold). */
  confirmed?: boolean;
  /** Where to start (a page read again from where the user stopped); 0 by default. */
  startSentence?: number;
  /** The page read whole, whose position is remembered as the reading goes. */
  page?: ReadingPage;
  /** Read "from here": the place in `text` to start at; the sentences before it stay in the plan, unpaid until wanted. */
  startOffset?: number;
  /**
   * Settles once the page can show notices and highlights (its script may still be starting when
   * the text is known): true when it highlights this very text. Meanwhile the first request leaves.
   */
  pageReady?: Promise<boolean>;
}

/** Characters from which a reading started on a page says up front what it will cost. */
const ANNOUNCE_COST_FROM_CHARS = 1000;

/**
 * Starts reading a text aloud, replacing any reading under way (one at a time); or, when its cost
 * is above the user's threshold and they have not agreed yet, asks them (on the page, or through
 * the answer to the popup) and sends nothing.
 */
export async function startReading(request: ReadRequest): Promise<ReadStart> {
  if (!request.text.trim()) {
    throw new ServiceError('invalidRequest', t('readingNoText'));
  }
  const settings = await getSettings();
  const params = await chooseSpeechParams(request.text, request, settings);
  const sessionId = crypto.randomUUID();
  const capped = capReadingText(request.text);
  // Already agreed to: the first sentence leaves now, before a long text is planned (it is found
  // from the text's start alone); the player's ask for it joins this request.
  const early = request.confirmed && !request.startOffset && !request.startSentence ? firstRequestText(capped.text, params.language) : null;
  if (early) askEarly(sessionId, early, params);
  const planned = { sessionId, text: capped.text, title: request.title, params };
  // Started later in the text: the usual chunks when their audio is bought already (never twice).
  const start = request.startOffset === undefined ? { sentence: request.startSentence } : { offset: request.startOffset };
  const { plan, sentences, startSentence } = await planStartingAt(planned, start, settings.serviceUrl, isFetching);
  // Only what is read from the start on is paid for (and asked about); the chunks before it wait for a jump back.
  const ahead = plan.chunks.slice(chunkOfSentence(plan.chunks, startSentence));
  const threshold = await confirmThreshold();
  const estimate = await estimateSpeech(ahead.map((c) => c.text), params, threshold);
  const ask = !request.confirmed && estimate.credits > threshold;
  // Ask for the first sentence now, while the page gets ready and the player starts: it joins
  // this request when it asks. Nothing above the threshold leaves before the user agrees.
  if (!ask && early !== ahead[0]!.text) askEarly(sessionId, ahead[0]!.text, params, ahead[0]!.index);
  const onPage = await pageReady(request.pageReady, sessionId);
  if (ask) {
    const { pageReady: _ready, ...kept } = request;
    const token = await holdForConfirmation('read', kept, estimate.credits);
    if (request.tabId !== null) {
      const cost = describeEstimate(estimate);
      await tellPage(request.tabId, 0, {
        type: 'pageNotice',
        tone: 'info',
        message: t('readingConfirmNotice', [cost, formatNumber(threshold)]),
        confirm: { token, label: t('readingConfirmLabel', cost) },
      });
    }
    return { confirm: { ...estimate, limit: threshold, token } };
  }
  const readChars = request.text.length - (sentences[startSentence]?.[0] ?? 0);
  if (request.tabId !== null && (capped.cut || (!request.confirmed && readChars >= ANNOUNCE_COST_FROM_CHARS))) {
    const cost = describeEstimate(estimate);
    const message = capped.cut ? t('readingCostNoticeCut', [cost, capped.cut]) : t('readingCostNotice', cost);
    void tellPage(request.tabId, 0, { type: 'pageNotice', tone: 'info', message, timeoutMs: capped.cut ? 12_000 : 6000 });
  }
  return serial(async () => {
    await stopCurrent();
    await lastErrorItem.setValue(null);
    await sessionItem.setValue({
      plan,
      sentences: request.highlight === false || !onPage ? [] : sentences,
      tabId: request.tabId,
      frameId: request.frameId,
      position: null,
      ...(request.page ? { page: request.page } : {}),
      ...(startSentence > 0 ? { startSentence } : {}),
    });
    await setBadge('loading');
    try {
      await playerHost().start(plan, startSentence);
    } catch (error) {
      // Nothing half-started: no session, badge or request is left behind.
      await stopCurrent();
      throw error;
    }
    return { sessionId };
  });
}

/** Waits for the page a reading comes from; if it cannot be reached, the reading's requests not sent yet are dropped. */
async function pageReady(page: Promise<boolean> | undefined, sessionId: string): Promise<boolean> {
  try {
    return await (page ?? true);
  } catch (error) {
    endFetches(sessionId);
    throw error;
  }
}

/** Asks for a reading's first request ahead of its player, which joins it when it asks. */
function askEarly(sessionId: string, text: string, params: SpeechParams, chunkIndex = 0): void {
  void fetchChunkForPlayer({ sessionId, chunkIndex, text, params, priority: 10 }).catch(() => undefined);
}

/** Ends the current reading: requests cancelled, highlight and badge cleared. */
export const stopReading = (): Promise<void> => serial(stopCurrent);

async function stopCurrent(): Promise<void> {
  const session = await sessionItem.getValue();
  if (!session) return;
  await sessionItem.setValue(null);
  // The player first, so that it does not ask again for what is cancelled next.
  await playerHost().control('stop').catch(() => false);
  endFetches(session.plan.sessionId);
  await setWaitNote(`reading:${session.plan.sessionId}`, null);
  if (session.tabId !== null) await tellPage(session.tabId, session.frameId ?? 0, { type: 'pageClearHighlight' });
  await closePagePlayer(session);
  await setBadge('idle');
}

/**
 * Pause, resume, next, previous or stop. When the player is gone (Chrome closes a silent offscreen
 * document after a while) or the reading was interrupted, a new one starts where the reading was.
 */
export async function controlReading(action: PlayerAction): Promise<void> {
  const session = await sessionItem.getValue();
  if (!session) throw new ServiceError('invalidRequest', t('readingNothing'));
  if (action === 'stop') return stopReading();
  if (!session.interrupted && (await playerHost().control(action))) return;
  if (action === 'pause') return;
  const at = session.position?.sentence ?? session.startSentence ?? 0;
  const last = session.plan.sentenceCount - 1;
  const from = action === 'next' ? Math.min(at + 1, last) : action === 'previous' ? Math.max(at - 1, 0) : at;
  await serial(async () => {
    const now = await sessionItem.getValue();
    if (now?.plan.sessionId !== session.plan.sessionId) return;
    await restartPlayer(playerHost(), { ...now, recoveries: 0 }, from);
  });
}

/** Reads the reading `sessionId` again from its first sentence (the page's "Start from the beginning"). */
export async function readFromStart(sessionId: string): Promise<boolean> {
  return serial(async () => {
    const session = await sessionItem.getValue();
    if (session?.plan.sessionId !== sessionId) return false;
    await replacePlayer(session, 0);
    return true;
  });
}

/**
 * Goes on reading from `sentence` at once (the page's "Read from here"): a new player starts
 * there. Audio already in the cache plays at once; requests still on their way are joined, not
 * sent again (audio-fetch.ts), so only what is missing is asked for.
 */
export async function jumpReading(sentence: number): Promise<void> {
  const session = await sessionItem.getValue();
  if (!session) throw new ServiceError('invalidRequest', t('readingNothing'));
  await serial(async () => {
    const now = await sessionItem.getValue();
    if (now?.plan.sessionId !== session.plan.sessionId) return;
    await replacePlayer(now, Math.min(sentence, now.plan.sentenceCount - 1));
  });
}

/**
 * Starts the reading's player again at `sentence`, in place of one that may still be playing it
 * (its "stopped" is an older generation's: not the end of the reading).
 */
async function replacePlayer(session: ReadingSession, sentence: number): Promise<void> {
  await restartPlayer(playerHost(), { ...session, recoveries: 0 }, sentence);
}

/** Resumes the reading `sessionId` if it is still the current one (a Resume button on the page). */
export async function resumeReading(sessionId: string): Promise<boolean> {
  const session = await sessionItem.getValue();
  if (session?.plan.sessionId !== sessionId) return false;
  await controlReading('resume');
  return true;
}

/** The reading as the popup shows it, or null. */
export async function getReadingState(): Promise<ReadingState | null> {
  const session = await sessionItem.getValue();
  if (!session) return null;
  const about = { title: session.plan.title, sentenceCount: session.plan.sentenceCount, speed: session.plan.params.speed };
  const stored: PlayerEvent = session.position ?? { sessionId: session.plan.sessionId, status: 'loading', sentence: session.startSentence ?? 0, chunk: 0, elapsedSec: session.elapsedBase ?? 0 };
  // Stopped for good until the user resumes: say why, whatever a leftover player says.
  if (session.interrupted) return { ...stored, status: 'paused', error: { kind: 'interrupted', message: session.interrupted }, ...about };
  // The player's own failures come as a message key (its offscreen document has no i18n): worded here.
  const live = await playerHost().state().then((state) => state && inWords(state, t), () => null);
  const position = live?.sessionId === session.plan.sessionId ? withBase(live, session) : stored;
  return { ...position, ...about };
}

/**
 * Changes the reading's speed from its next sentence (see speed.ts); `fromTab`: asked by the page
 * script of that tab, which may change only the reading of its own tab.
 */
export const setReadingSpeed = (speed: number, fromTab?: number): Promise<void> => serial(() => changeSpeed(playerHost(), speed, fromTab));

/** Figures of the current reading (time to first audio, gaps), for benchmarks and tests. */
export const getPlayerStats = () => playerHost().stats();

/**
 * Follows the player: remembers the position, highlights the sentence, keeps the badge true. Its
 * own failures come as a message key (its offscreen document has no i18n) and are worded here.
 */
export const handlePlayerEvent = (event: PlayerEvent): Promise<void> => serial(() => followPlayer(inWords(event, t)));

async function followPlayer(event: PlayerEvent): Promise<void> {
  const session = await sessionItem.getValue();
  if (!session || session.plan.sessionId !== event.sessionId) return;
  // A player the reading has replaced since (a jump, a restart, a recovery): what it says is over.
  if ((event.generation ?? 0) !== (session.plan.generation ?? 0)) return;
  const finished = event.status === 'ended' || event.status === 'stopped' || event.status === 'error';
  // Playing again: a later loss of the player starts the count of restarts afresh.
  const resumed = event.status === 'playing' ? { recoveries: 0, interrupted: undefined } : {};
  await sessionItem.setValue(finished ? null : { ...session, ...resumed, position: withBase(event, session) });
  // A page read whole: where it is, for a later visit (forgotten once it is read to its end).
  if (session.page) void followPosition(session, event).catch(() => undefined);
  if (finished) endFetches(event.sessionId);
  // Hearing audio again (or the end) answers why it waited.
  if (finished || event.status === 'playing') await setWaitNote(`reading:${event.sessionId}`, null);
  // Readings from the popup too: speech was paid for, by an amount learned from the balance.
  if (finished) void afterSpeechPaid(session.plan.params.format).catch(() => undefined);
  await setBadge(event.status, event.error?.message);
  if (event.status === 'error' && event.error) {
    await reportProblem(session.tabId, { kind: event.error.kind as ServiceErrorKind, message: event.error.message });
  }
  if (session.tabId === null) return;
  await tellPagePlayer(session, event);
  const frameId = session.frameId ?? 0;
  const range = session.sentences[event.sentence];
  if (finished || !range) {
    await tellPage(session.tabId, frameId, { type: 'pageClearHighlight' });
  } else if ((await getSettings()).highlight) {
    await tellPage(session.tabId, frameId, { type: 'pageHighlight', start: range[0], end: range[1] });
  }
}

/** A player's event with the time heard from the reading's earlier players added. */
function withBase(event: PlayerEvent, session: { elapsedBase?: number }): PlayerEvent {
  const base = session.elapsedBase ?? 0;
  return base ? { ...event, elapsedSec: Math.round((event.elapsedSec + base) * 1000) / 1000 } : event;
}

/**
 * Shows a problem where the user is: on the page when we can reach it; else on the toolbar button
 * and in the popup (which reads lastErrorItem), e.g. on a page the browser keeps us out of.
 */
export async function reportProblem(tabId: number | null, problem: SerializedServiceError): Promise<void> {
  if (problem.kind === 'cancelled') return;
  const error = problem.kind === 'insufficientCredits' ? await withBalance(problem) : problem;
  const shown =
    tabId !== null &&
    (await tellPage(tabId, 0, {
      type: 'pageNotice',
      message: error.message,
      tone: 'error',
      action: error.kind === 'unauthorized' ? 'openOptions' : undefined,
    }));
  if (shown) return setBadge('idle');
  await lastErrorItem.setValue(error);
  await setBadge('problem', error.message);
}

/** Adds the current balance to a "not enough credits" message, when the service tells it. */
async function withBalance(error: SerializedServiceError): Promise<SerializedServiceError> {
  const account = await fetchAccount(0).catch(() => null);
  return account ? { ...error, message: t('balanceNote', [error.message, formatNumber(account.credits)]) } : error;
}
