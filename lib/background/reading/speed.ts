import { hasAudio } from '../../speech/cache';
import { saidAudioKey } from './said';
import { getSettings, updateSettings } from '../../settings/items';
import { chunkParams, type ChunkSpeed, type ReadingPlan } from '../../player/contract';
import type { PlayerHost } from './player-host';
import { readingOf, sessionItem, type ReadingSession } from './session';

/**
 * The reading's new speed, from its next sentence: the player time-stretches audio it already has
 * or asked for (same pitch, nothing paid again) and asks for the rest at the new speed. The
 * speed also becomes the setting, so the next reading starts at it. A page may only change the
 * reading of its own tab (`fromTab`). Runs inside the reading's serial section.
 */
export async function changeSpeed(host: PlayerHost, speed: number, fromTab?: number): Promise<void> {
  const session = await readingOf(fromTab);
  await updateSettings({ speed });
  const { plan } = session;
  if (Math.abs(plan.params.speed - speed) < 1e-6) return;
  const cached = await cachedAtOtherSpeeds(plan);
  const held = session.interrupted ? null : await host.setSpeed(speed, cached).catch(() => null);
  await sessionItem.setValue({ ...session, plan: planAtSpeed(plan, speed, [...cached, ...(held ?? [])]) });
}

/**
 * Chunks whose audio is in the cache at the reading's speed so far (fetched by an earlier player
 * of this reading, or an earlier reading of the same text): kept and stretched, not bought again.
 */
async function cachedAtOtherSpeeds(plan: ReadingPlan): Promise<ChunkSpeed[]> {
  const { serviceUrl } = await getSettings();
  const found = await Promise.all(
    plan.chunks.map(async (chunk) => {
      const speed = chunk.speed ?? plan.params.speed;
      const key = await saidAudioKey(plan.sessionId, chunk.text, { ...chunkParams(plan.params, chunk), speed }, serviceUrl);
      return (await hasAudio(key).catch(() => false)) ? [{ chunk: chunk.index, speed }] : [];
    }),
  );
  return found.flat();
}

/**
 * The plan read at `speed`: chunks whose audio is at another speed (`known`, later entries win)
 * say so, for any later player of the reading (Chrome may close this one); the rest is asked for at `speed`.
 */
export function planAtSpeed(plan: ReadingPlan, speed: number, known: readonly ChunkSpeed[]): ReadingPlan {
  const at = new Map(plan.chunks.flatMap((c) => (c.speed === undefined ? [] : [[c.index, c.speed] as const])));
  for (const { chunk, speed: s } of known) at.set(chunk, s);
  return {
    ...plan,
    params: { ...plan.params, speed },
    chunks: plan.chunks.map(({ speed: _old, ...chunk }) => {
      const s = at.get(chunk.index);
      return s !== undefined && Math.abs(s - speed) > 1e-6 ? { ...chunk, speed: s } : chunk;
    }),
  };
}

/** The speed a shortcut's step leads to from `current`, within the service's 0.5–2. */
export function steppedSpeed(current: number, step: number): number {
  return Math.min(2, Math.max(0.5, Math.round((current + step) * 100) / 100));
}

/**
 * Faster or slower by `step` (a shortcut): the reading under way from its next sentence, or else
 * the speed setting. The speed stepped from is read here, inside the reading's serial section (the
 * caller's), so two quick presses apply both. Returns the new speed and the reading that took it.
 */
export async function stepSpeed(host: PlayerHost, step: number): Promise<{ speed: number; reading: ReadingSession | null }> {
  const session = await sessionItem.getValue();
  const speed = steppedSpeed(session?.plan.params.speed ?? (await getSettings()).speed, step);
  if (!session) {
    await updateSettings({ speed });
    return { speed, reading: null };
  }
  await changeSpeed(host, speed);
  return { speed, reading: session };
}

/**
 * Speed steps that come while one is waiting for its turn in `serial` join it: quick presses of
 * "Read slower" make one change, by their sum (both steps applied, the player asked once, so it
 * stretches only the speed the user ends at). A press once the change has started makes another.
 */
export function coalescedSteps<T>(serial: <R>(step: () => Promise<R>) => Promise<R>, apply: (step: number) => Promise<T>): (step: number) => Promise<T> {
  let waiting: { step: number; done?: Promise<T> } | null = null;
  return (step) => {
    if (waiting?.done) {
      waiting.step += step;
      return waiting.done;
    }
    const entry: { step: number; done?: Promise<T> } = { step };
    waiting = entry;
    entry.done = serial(() => {
      if (waiting === entry) waiting = null;
      return apply(Math.round(entry.step * 100) / 100);
    });
    return entry.done;
  };
}

