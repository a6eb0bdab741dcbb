import { storage } from '#imports';
import { createSerial } from '../serial';

/**
 * Cache keys held by their owner (e.g. a download job) so the LRU never evicts them: a long
 * download would otherwise push out its own first parts before it could join them. Kept in
 * session storage so the pins outlive a stopped service worker, and end with the browser session
 * (a pin left by a crash can't hold space forever).
 */
const pinsItem = storage.defineItem<Record<string, string[]>>('session:audioPins', { fallback: {} });
const serial = createSerial();

/** Holds `keys` for `owner` (replacing what that owner held before). */
export function pinAudio(owner: string, keys: readonly string[]): Promise<void> {
  return serial(async () => pinsItem.setValue({ ...(await pinsItem.getValue()), [owner]: [...new Set(keys)] }));
}

/** Lets go of everything `owner` held. */
export function unpinAudio(owner: string): Promise<void> {
  return serial(async () => {
    const { [owner]: _released, ...rest } = await pinsItem.getValue();
    await pinsItem.setValue(rest);
  });
}

/** Every key some owner holds. */
export async function pinnedAudioKeys(): Promise<Set<string>> {
  return new Set(Object.values(await pinsItem.getValue()).flat());
}
