import { useEffect, useState } from 'react';
import { waitNotesItem, type WaitSubject } from '@/lib/messaging/wait-notes';

/** Why `subject` takes long, as the background says it (busy, slow, retrying), or null. */
export function useWaitNote(subject: WaitSubject | null): string | null {
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    setNote(null);
    if (!subject) return;
    let alive = true;
    const show = (notes: Partial<Record<WaitSubject, string>> | null) => alive && setNote(notes?.[subject] ?? null);
    void waitNotesItem.getValue().then(show, () => undefined);
    const unwatch = waitNotesItem.watch(show);
    return () => {
      alive = false;
      unwatch();
    };
  }, [subject]);
  return note;
}
