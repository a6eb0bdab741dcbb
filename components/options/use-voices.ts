import { useEffect, useState } from 'react';
import type { SerializedServiceError } from '@/lib/api/errors';
import { type VoicesView } from '@/lib/messaging/protocol';
import { sendMessage } from '@/lib/messaging/send';

/** The voices list (cached by the background), with a refresh that asks the service again. */
export function useVoices(enabled: boolean) {
  const [voices, setVoices] = useState<VoicesView | null>(null);
  const [error, setError] = useState<SerializedServiceError | null>(null);
  const [loading, setLoading] = useState(false);

  async function load(refresh: boolean) {
    setLoading(true);
    const result = await sendMessage('getVoices', { refresh });
    setLoading(false);
    if (result.ok) {
      setVoices(result.value);
      setError(null);
    } else setError(result.error);
  }
  useEffect(() => {
    if (enabled) void load(false);
  }, [enabled]);
  return { voices, error, loading, refresh: () => void load(true) };
}
