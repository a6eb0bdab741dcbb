import { useEffect, useState } from 'react';
import { storage } from '#imports';
import type { SerializedServiceError } from '@/lib/api/errors';

/**
 * The background's last reading problem ('session:lastError', written in lib/reading/reading.ts
 * where a page could not show it). Read by key: importing that module would pull the whole
 * reading engine into the popup.
 */
const KEY = 'session:lastError';

/** The last problem of a reading, shown in the popup; null when the last reading went well. */
export function useLastError(): SerializedServiceError | null {
  const [error, setError] = useState<SerializedServiceError | null>(null);
  useEffect(() => {
    void storage.getItem<SerializedServiceError>(KEY).then(setError);
    return storage.watch<SerializedServiceError>(KEY, setError);
  }, []);
  return error;
}
