import type { ServiceClient } from '../../api/client';
import { isServiceError, ServiceError, worthRetrying } from '../../api/errors';
import type { ScheduleOptions } from '../../api/scheduler';
import { getSettings } from '../../settings/items';
import { keepAliveDuring } from '../keep-alive';
import { callService } from '../service';
import { mayHaveBeenCharged, noteUncertainCharge, trackPaidRequest } from '../speech-price';
import { cancelUntilSent } from '../until-sent';
import { t } from '../../i18n';

/*
 * The gateway: every paid call (/tts, /translate) leaves the worker here, and only here.
 *
 * - Through the plan-aware scheduler (slots, rate window, Retry-After), the worker kept alive
 *   while it waits.
 * - Withdrawn only while it is not sent yet: once with the service it is paid, and finishes into
 *   the caches (a retry after a failed attempt is withdrawn again).
 * - Every attempt that may have been charged without an answer is recorded, so the balance's
 *   price learning does not learn from an amount nobody knows.
 * - Shared (`sharedPaidCall`): a call many may want (the audio of one chunk, for a reading, a
 *   restart of it and a download) is sent once and held by name; it is withdrawn when its last
 *   holder lets go, unless it is on the wire. One who joined it for another party (another reading,
 *   a download) and sees it fail tries once more on its own: that failure was not its request nor
 *   its charge, and the service may have recovered.
 */

export type PaidCallOptions = Omit<ScheduleOptions, 'paid'>;

/** A call given up (withdrawn, or cut off on the wire), not refused by the service. */
const isWithdrawn = (error: unknown): boolean => isServiceError(error) && error.kind === 'cancelled';
type PaidRun<T> = (client: ServiceClient, signal: AbortSignal) => Promise<T>;

/** One paid call, withdrawn by `options.signal` only while it is not sent yet. */
export function paidCall<T>(run: PaidRun<T>, options: PaidCallOptions): Promise<T> {
  return paidAttempts(run, options, () => undefined);
}

function paidAttempts<T>(run: PaidRun<T>, options: PaidCallOptions, onSending: (sending: boolean) => void): Promise<T> {
  const guard = cancelUntilSent(options.signal);
  const attempt: PaidRun<T> = (client, abort) =>
    guard.send(async () => {
      onSending(true);
      try {
        return await trackPaidRequest(() => run(client, abort));
      } catch (error) {
        onSending(false);
        // Charged and then failed, or given up on the wire: the balance moved by an amount nobody knows.
        if (mayHaveBeenCharged(error) || isWithdrawn(error)) {
          await noteUncertainCharge((await getSettings()).serviceUrl);
        }
        throw error;
      }
    });
  return keepAliveDuring(() => callService(attempt, { ...options, paid: true, signal: guard.signal })).finally(guard.release);
}

interface Shared {
  job: Promise<unknown>;
  /** Aborted only when nobody holds the call and it is not on the wire. */
  wanted: AbortController;
  holders: Set<string>;
  /** Who sent it (see SharedCallOptions.party). */
  party: string | undefined;
  /** Holders that joined it for another party: its failure is not theirs to remember. */
  others: Set<string>;
  sending: boolean;
  /** Settled once the call has left for the service. */
  sent: Promise<void>;
  /** Told when the plan's pace holds it: its asker and those who joined it. */
  pacedListeners: Set<(delayMs: number, perWindow: number) => void>;
  /** Until when the plan's pace holds it (ms timestamp), for who joins meanwhile. */
  pacedUntil: { until: number; perWindow: number } | null;
}

/** Shared calls under way, by what they fetch. */
const shared = new Map<string, Shared>();

export interface SharedCallOptions<T, R> extends Omit<PaidCallOptions, 'signal'> {
  /** Puts the answer where later askers find it (a cache), before the call stops being shared. */
  keep: (answer: T) => Promise<R>;
  /** The call failed (not withdrawn): who held it then, so each can remember the answer. */
  onFailed?: (error: unknown, holders: ReadonlySet<string>) => void;
  /** Told once the call has left for the service (the one joined, when it joins one). */
  onSent?: () => void;
  /**
   * Who pays for what this asker sends (a reading, a download). An asker of the same party joins
   * the call for better or worse (its failure is the party's: a second request would pay twice);
   * one of another party that sees it fail, worth trying again, tries once more on its own,
   * told through `onRetry` as a retry due now.
   */
  party?: string;
}

/**
 * A paid call for `key`, held by `holder`: an asker whose key is already under way (and not
 * withdrawn) joins that call instead of paying again. Let go with `letGo`.
 */
export function sharedPaidCall<T, R>(key: string, holder: string, run: PaidRun<T>, options: SharedCallOptions<T, R>): Promise<R> {
  return sharedCall(key, holder, run, options, true);
}

function sharedCall<T, R>(key: string, holder: string, run: PaidRun<T>, options: SharedCallOptions<T, R>, mayTryAgain: boolean): Promise<R> {
  const pending = shared.get(key);
  if (pending && !pending.wanted.signal.aborted) {
    pending.holders.add(holder);
    if (options.onSent) void pending.sent.then(options.onSent);
    // Who joins a call the plan's pace holds hears how long it still waits, and of its later waits.
    if (options.onPaced) {
      pending.pacedListeners.add(options.onPaced);
      const held = pending.pacedUntil;
      if (held && held.until > Date.now() && !pending.sending) options.onPaced(held.until - Date.now(), held.perWindow);
    }
    if (options.party === pending.party) return pending.job as Promise<R>;
    pending.others.add(holder);
    return (pending.job as Promise<R>).catch((error: unknown) => {
      // Still wanted by this holder, and a failure that trying again may get past.
      if (!mayTryAgain || !pending.holders.has(holder) || !isServiceError(error) || !worthRetrying(error.kind)) throw error;
      options.onRetry?.(error, 0);
      return sharedCall(key, holder, run, options, false);
    });
  }
  const { keep, onFailed, onSent, party: _party, ...callOptions } = options;
  let markSent = () => undefined as void;
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  if (onSent) void sent.then(onSent);
  const entry: Shared = {
    job: Promise.resolve(),
    wanted: new AbortController(),
    holders: new Set([holder]),
    party: options.party,
    others: new Set(),
    sending: false,
    sent,
    pacedListeners: new Set(options.onPaced ? [options.onPaced] : []),
    pacedUntil: null,
  };
  callOptions.onPaced = (delayMs, perWindow) => {
    entry.pacedUntil = { until: Date.now() + delayMs, perWindow };
    for (const listener of entry.pacedListeners) listener(delayMs, perWindow);
  };
  const onSending = (sending: boolean) => {
    entry.sending = sending;
    if (sending) markSent();
    // Let go while on the wire and this attempt failed: the retry it would wait for is unwanted.
    if (!sending) withdrawIfUnwanted(entry);
  };
  const job = paidAttempts(run, { ...callOptions, signal: entry.wanted.signal }, onSending)
    .then(keep, (error: unknown) => {
      if (!isWithdrawn(error)) onFailed?.(error, new Set([...entry.holders].filter((h) => !entry.others.has(h))));
      throw error;
    })
    .finally(() => {
      if (shared.get(key) === entry) shared.delete(key);
    });
  entry.job = job;
  shared.set(key, entry);
  return job;
}

function withdrawIfUnwanted(entry: Shared): void {
  if (entry.holders.size === 0 && !entry.sending) entry.wanted.abort(new ServiceError('cancelled', t('requestDropped')));
}

/** These holders no longer want their shared calls: calls nobody else holds are withdrawn unless on the wire. */
export function letGo(holds: (holder: string) => boolean): void {
  for (const entry of shared.values()) {
    for (const holder of entry.holders) if (holds(holder)) entry.holders.delete(holder);
    withdrawIfUnwanted(entry);
  }
}

/** Whether some shared call is held by one of these holders (queued, waiting or on the wire). */
export function isHeld(holds: (holder: string) => boolean): boolean {
  for (const entry of shared.values()) for (const holder of entry.holders) if (holds(holder)) return true;
  return false;
}

/** Whether the shared call for `key` is under way and not withdrawn. */
export function isUnderWay(key: string): boolean {
  const entry = shared.get(key);
  return entry !== undefined && !entry.wanted.signal.aborted;
}

/** Shared calls under way and who holds them, for tests. */
export function sharedCallHolders(): Map<string, ReadonlySet<string>> {
  return new Map([...shared].map(([key, entry]) => [key, entry.holders]));
}
