import { storage } from '#imports';

/** What a wait note is about: the popup shows each note beside what it concerns. */
export type WaitSubject = `translate:${string}` | `reading:${string}`;

/**
 * Why something the popup shows takes long (a download's note is in its own state) (the service is busy, slow, or a retry is coming), by
 * subject. The background writes it; the popup watches it. Session storage: only the extension's
 * own pages can read it, and it goes with the browser session.
 */
export const waitNotesItem = storage.defineItem<Partial<Record<WaitSubject, string>>>('session:waitNotes', { fallback: {} });
