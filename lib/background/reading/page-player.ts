import { browser } from 'wxt/browser';
import { sendMessage } from '../../messaging/send';
import type { PlayerEvent, ReadingPlan } from '../../player/contract';
import { getSettings } from '../../settings/items';
import type { ReadingSession } from './session';

/** The in-page player's own script, injected beside the page script when a reading of the page starts. */
const PLAYER_SCRIPT = '/content-scripts/player.js';

/** Characters of every sentence of a reading, in order (the page estimates the time left from them). */
export function sentenceLengths(plan: Pick<ReadingPlan, 'chunks' | 'sentenceCount'>): number[] {
  const lengths = new Array<number>(plan.sentenceCount).fill(0);
  // Once a sentence: a plan may hear one twice (its original and its translation, a learner's repeat).
  for (const chunk of plan.chunks) {
    chunk.sentenceOffsets.forEach((start, i) => (lengths[chunk.firstSentence + i] ||= Math.max(0, (chunk.sentenceOffsets[i + 1] ?? chunk.text.length) - start)));
  }
  return lengths;
}

/**
 * Tells the page a reading came from where the reading is, for its in-page player. The first time
 * a page hears of the reading (or after its script was injected again) it says it does not know
 * it: the player's script is injected there, and the same state is sent again with what it needs
 * once: the sentences' lengths and places in its text, and the user's settings for the player.
 * A tab that is gone or navigated away is ignored.
 */
export async function tellPagePlayer(session: ReadingSession, event: PlayerEvent): Promise<void> {
  if (session.tabId === null) return;
  const target = { tabId: session.tabId, frameId: session.frameId ?? 0 };
  const state = {
    sessionId: session.plan.sessionId,
    status: event.status,
    sentence: event.sentence,
    elapsedSec: event.elapsedSec,
    speed: session.plan.params.speed,
  };
  try {
    const known = await sendMessage('pagePlayerState', state, target);
    if (!known.ok || known.value || event.status === 'ended' || event.status === 'stopped' || event.status === 'error') return;
    // Already there after the first reading of the page; running it again only sets the same factory.
    // The PDF reader (our own page, where no script is injected) has the player built in.
    await browser.scripting
      .executeScript({ target: { tabId: target.tabId, frameIds: [target.frameId] }, files: [PLAYER_SCRIPT], injectImmediately: true })
      .catch(() => undefined);
    const { pagePlayer, listen } = await getSettings();
    const setup = {
      lengths: sentenceLengths(session.plan),
      sentences: session.sentences,
      show: pagePlayer.show,
      corner: pagePlayer.corner,
      ...(session.translateTo ? { listenMode: listen.mode } : {}),
    };
    await sendMessage('pagePlayerState', { ...state, setup }, target);
  } catch {
    // No page script there any more: nothing to show.
  }
}

/** Takes the player off the page of a reading that was stopped. */
export async function closePagePlayer(session: ReadingSession): Promise<void> {
  const position = session.position ?? { sessionId: session.plan.sessionId, status: 'stopped' as const, sentence: 0, chunk: 0, elapsedSec: 0 };
  await tellPagePlayer(session, { ...position, status: 'stopped' });
}
