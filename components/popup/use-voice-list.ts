import { useEffect, useState } from 'react';
import type { Voice } from '@/lib/api/schemas';
import type { SerializedServiceError } from '@/lib/api/errors';
import { sendMessage } from '@/lib/messaging/send';

/**
 * The voices: the cached list at once, then the background's answer, which is the same cache while
 * it is fresh (a day) or a new list from the service. Null until some list is known.
 */
export function useVoiceList(initial: Voice[] | null, enabled: boolean): { voices: Voice[] | null; error: SerializedServiceError | null } {
  const [voices, setVoices] = useState(initial);
  const [error, setError] = useState<SerializedServiceError | null>(null);
  useEffect(() => {
    if (!enabled) return;
    void sendMessage('getVoices', {}).then((result) => {
      if (result.ok) setVoices((old) => (old && sameIds(old, result.value.voices) ? old : result.value.voices));
      setError(result.ok ? null : result.error);
    });
  }, [enabled]);
  return { voices, error };
}

/** Keeps the old array (and the memoised index built on it) when nothing changed. */
function sameIds(a: Voice[], b: Voice[]): boolean {
  return a.length === b.length && a.every((v, i) => v.id === b[i]!.id && v.name === b[i]!.name && v.preview_url === b[i]!.preview_url);
}
