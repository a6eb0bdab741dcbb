import { useEffect, useState } from 'react';
import type { SerializedServiceError } from '@/lib/api/errors';
import { lastErrorItem } from '@/lib/background/reading/session';

/** The last problem that no page could show (e.g. a restricted page); null when there is none. */
export function useLastError(): SerializedServiceError | null {
  const [error, setError] = useState<SerializedServiceError | null>(null);
  useEffect(() => {
    void lastErrorItem.getValue().then(setError);
    return lastErrorItem.watch(setError);
  }, []);
  return error;
}
