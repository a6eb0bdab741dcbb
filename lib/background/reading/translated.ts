import { translationCost } from '../../translate/cost';
import { translateWithConsent } from '../translation';
import { sessionItem } from './session';

/**
 * Readings heard in another language ("Read aloud in <language>" on a page): the reading keeps the
 * page's own text (its sentences are lit as they are heard) and each chunk is translated just
 * before its speech is asked for, so translation stays as far ahead as the audio fetched ahead and
 * a reading stopped early has not paid to translate the rest. Reading id → target language ('':
 * heard as written). In memory, and in the reading's record for a worker that started again.
 */
const targets = new Map<string, string>();
const MAX_KEPT = 50;

/** Notes how a reading is heard, before any of its requests is asked for. */
export function hearReadingIn(sessionId: string, target: string | undefined): void {
  if (targets.size >= MAX_KEPT) targets.delete(targets.keys().next().value!);
  targets.set(sessionId, target ?? '');
}

async function targetOf(sessionId: string): Promise<string> {
  const known = targets.get(sessionId);
  if (known !== undefined) return known;
  // A worker started again: the reading's record says (a download or an ended reading: as written).
  const session = await sessionItem.getValue();
  const target = session?.plan.sessionId === sessionId ? (session.translateTo ?? '') : '';
  hearReadingIn(sessionId, target);
  return target;
}

/**
 * The text whose speech a reading's chunk asks for: the chunk itself, or its translation (from the
 * cache, or paid now: the reading's figure, agreed to as it started, covered it).
 */
export async function textToSpeak(sessionId: string, text: string): Promise<string> {
  const target = await targetOf(sessionId);
  if (!target) return text;
  return (await translateWithConsent(text, target, translationCost(text))).translation;
}
