import { useEffect, useState } from 'react';
import type { SerializedServiceError } from '@/lib/api/errors';
import { sendMessage } from '@/lib/messaging/send';
import type { AccountView } from '@/lib/messaging/protocol';
import { accountItem } from '@/lib/settings/cache-items';

export interface AccountState {
  account: AccountView | null;
  /** False when no address or no key is saved; null until the background said. */
  setUp: boolean | null;
  /** Why the account could not be refreshed (the cached figures stay shown). */
  error: SerializedServiceError | null;
}

/**
 * The account: the cached figures at once, then fresh ones from the service. Follows the cache,
 * which the background lowers after every paid call it knows the price of, and marks stale after
 * the others (readings): then the figures shown are read again.
 */
export function useAccount(initial: AccountView | null, serviceUrl: string): AccountState {
  const [account, setAccount] = useState(initial);
  const [setUp, setSetUp] = useState<boolean | null>(serviceUrl ? (initial ? true : null) : false);
  const [error, setError] = useState<SerializedServiceError | null>(null);

  useEffect(() => {
    let refreshing = false;
    const refresh = async () => {
      refreshing = true;
      const fresh = await sendMessage('getAccount', { refresh: true });
      refreshing = false;
      if (fresh.ok) setAccount(fresh.value);
      setError(fresh.ok ? null : fresh.error);
    };
    const unwatch = accountItem.watch((value) => {
      if (!value || value.serviceUrl !== serviceUrl) return;
      setAccount(value);
      if (value.stale && !refreshing) void refresh();
    });
    void (async () => {
      const status = await sendMessage('getServiceStatus');
      if (!status.ok) return setError(status.error);
      const ready = Boolean(status.value.serviceUrl) && status.value.hasKey;
      setSetUp(ready);
      if (ready) await refresh();
    })();
    return unwatch;
  }, [serviceUrl]);

  return { account, setUp, error };
}
