import { useEffect, useState } from 'react';
import { sendMessage } from '@/lib/messaging/send';
import type { ReadingState } from '@/lib/messaging/protocol';
import { sessionItem } from '@/lib/background/reading/session';

/**
 * The reading under way (started here or elsewhere). Asked for when the popup opens and again
 * whenever the background stores a change of it (a sentence, a pause, a stop), instead of
 * polling; while it plays, the time heard is advanced locally once a second.
 */
export function useReading(): ReadingState | null {
  const [known, setKnown] = useState<{ reading: ReadingState; at: number } | null>(null);
  const [, setTick] = useState(0);
  useEffect(() => {
    let alive = true;
    const ask = async () => {
      const result = await sendMessage('getReadingState').catch(() => null);
      if (alive && result?.ok) setKnown(result.value ? { reading: result.value, at: performance.now() } : null);
    };
    void ask();
    const unwatch = sessionItem.watch(() => void ask());
    return () => {
      alive = false;
      unwatch();
    };
  }, []);

  const playing = known?.reading.status === 'playing';
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [playing]);

  if (!known) return null;
  if (!playing) return known.reading;
  return { ...known.reading, elapsedSec: known.reading.elapsedSec + (performance.now() - known.at) / 1000 };
}
