import { useEffect, useState } from 'react';
import { sendMessage, type ReadingState } from '@/lib/messaging/protocol';

/** The reading under way (started here or elsewhere), polled while the popup is open. */
export function useReading(intervalMs = 400): ReadingState | null {
  const [state, setState] = useState<ReadingState | null>(null);
  useEffect(() => {
    let alive = true;
    const poll = async () => {
      const result = await sendMessage('getReadingState').catch(() => null);
      if (alive && result?.ok) setState(result.value);
    };
    void poll();
    const timer = setInterval(poll, intervalMs);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [intervalMs]);
  return state;
}
