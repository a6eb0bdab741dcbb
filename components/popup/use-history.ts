import { useCallback, useEffect, useState } from 'react';
import { clearHistory, getHistory, type HistoryEntry } from '@/lib/translate/history';

/** The translation history, re-read after each translation; `clear` empties it. */
export function useHistory() {
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const reload = useCallback(() => void getHistory().then(setEntries), []);
  useEffect(reload, [reload]);
  const clear = () => void clearHistory().then(reload);
  return { entries, reload, clear };
}
