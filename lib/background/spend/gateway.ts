import type { ServiceClient } from '../../api/client';
import type { ScheduleOptions } from '../../api/scheduler';
import { getSettings } from '../../settings/items';
import { keepAliveDuring } from '../keep-alive';
import { callService } from '../service';
import { mayHaveBeenCharged, noteUncertainCharge, trackPaidRequest } from '../speech-price';
import { cancelUntilSent } from '../until-sent';

export type PaidCallOptions = Omit<ScheduleOptions, 'paid'>;

/**
 * The gateway for a paid call (/tts, /translate): through the plan-aware scheduler, withdrawn by
 * `signal` only while it is not sent yet (once with the service it is paid, and finishes into the
 * caches), the worker kept alive while it waits (a rate window, a Retry-After), the balance's
 * learning told when the call may have been charged without an answer.
 */
export function paidCall<T>(run: (client: ServiceClient, signal: AbortSignal) => Promise<T>, options: PaidCallOptions): Promise<T> {
  const guard = cancelUntilSent(options.signal);
  return keepAliveDuring(() =>
    callService((client, abort) => guard.send(() => trackPaidRequest(() => run(client, abort))), { ...options, paid: true, signal: guard.signal }),
  )
    .catch(async (error: unknown) => {
      // The balance may have moved by an amount nobody knows: learn nothing from it.
      if (mayHaveBeenCharged(error)) await noteUncertainCharge((await getSettings()).serviceUrl);
      throw error;
    })
    .finally(guard.release);
}
