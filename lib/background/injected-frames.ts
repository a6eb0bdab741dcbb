import { storage } from '#imports';

/**
 * Frames of each tab the page script was injected into (tab id → frame ids), kept in session
 * storage: a worker woken again after 30 s idle still knows them, and asks the page (a 1–2 ms
 * message) instead of running the whole page script again (tens of ms on a large page).
 */
const framesItem = storage.defineItem<Record<string, number[]>>('session:pageScriptFrames', { fallback: {} });

let memory: Map<number, number[]> | null = null;
let loading: Promise<Map<number, number[]>> | null = null;

function load(): Promise<Map<number, number[]>> {
  loading ??= framesItem
    .getValue()
    .catch(() => ({}))
    .then((stored) => {
      const restored = new Map(Object.entries(stored).map(([tab, frames]) => [Number(tab), frames] as const));
      // Injections recorded while the storage was being read are newer.
      for (const [tab, frames] of memory ?? []) restored.set(tab, frames);
      memory = restored;
      return restored;
    });
  return loading;
}

/** Frames the page script was injected into in this tab (it may have navigated since: ask it). */
export async function knownFrames(tabId: number): Promise<number[] | undefined> {
  return (memory ?? (await load())).get(tabId);
}

/**
 * The same, from what this worker has already read, without waiting: undefined also when it does
 * not know yet. For decisions that must not wait (the bubble's shell, which checks in the page).
 */
export function knownFramesNow(tabId: number): number[] | undefined {
  return memory?.get(tabId);
}

/** Records the frames the page script now runs in (replacing what was known of the tab). */
export async function rememberFrames(tabId: number, frames: number[]): Promise<void> {
  memory ??= new Map();
  memory.set(tabId, frames);
  await framesItem.setValue(Object.fromEntries([...(await load())].map(([tab, f]) => [String(tab), f])));
}
