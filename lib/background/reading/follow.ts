import type { ServiceErrorKind } from '../../api/errors';
import { afterSpeechPaid } from '../account';
import { setBadge } from '../badge';
import { tellPage } from '../page-link';
import { setWaitNote } from '../wait-notes';
import type { PlayerEvent } from '../../player/contract';
import { inWords } from '../../player/player-error';
import { getSettings } from '../../settings/items';
import { t } from '../../i18n';
import { endFetches } from './audio-fetch';
import { tellPagePlayer } from './page-player';
import { reportProblem } from './problems';
import { offerRetry } from './retry';
import { followPosition } from './resume';
import { sessionItem, withReading } from './session';

/**
 * Follows the player: remembers the position, highlights the sentence, keeps the badge true. Its
 * own failures come as a message key (its offscreen document has no i18n) and are worded here.
 */
export const handlePlayerEvent = (event: PlayerEvent): Promise<void> => withReading(() => followPlayer(inWords(event, t)));

async function followPlayer(said: PlayerEvent): Promise<void> {
  // The words' times go to the page and nowhere else (not into the stored position).
  const { words: spoken, ...event } = said;
  const session = await sessionItem.getValue();
  if (!session || session.plan.sessionId !== event.sessionId) return;
  // A player the reading has replaced since (a jump, a restart, a recovery): what it says is over.
  if ((event.generation ?? 0) !== (session.plan.generation ?? 0)) return;
  const finished = event.status === 'ended' || event.status === 'stopped' || event.status === 'error';
  // Playing again: a later loss of the player starts the count of restarts afresh.
  const resumed = event.status === 'playing' ? { recoveries: 0, interrupted: undefined } : {};
  await sessionItem.setValue(finished ? null : { ...session, ...resumed, position: withBase(event, session) });
  // A page read whole: where it is, for a later visit (forgotten once it is read to its end).
  if (session.page) void followPosition(session, event).catch(() => undefined);
  if (finished) endFetches(event.sessionId);
  // Hearing audio again (or the end) answers why it waited.
  if (finished || event.status === 'playing') await setWaitNote(`reading:${event.sessionId}`, null);
  // Readings from the popup too: speech was paid for, by an amount learned from the balance.
  if (finished) void afterSpeechPaid(session.plan.params.format).catch(() => undefined);
  await setBadge(event.status, event.error?.message);
  if (event.status === 'error' && event.error) {
    // What the service failed to give, offered again from the sentence the listener is at.
    const retry = await offerRetry(session, event.sentence, event.error.kind).catch(() => null);
    await reportProblem(session.tabId, { kind: event.error.kind as ServiceErrorKind, message: event.error.message }, retry);
  }
  if (session.tabId === null) return;
  // The sentence heard first, then the player's line about it.
  const frameId = session.frameId ?? 0;
  const range = session.sentences[event.sentence];
  if (finished || !range) {
    await tellPage(session.tabId, frameId, { type: 'pageClearHighlight' });
  } else {
    const settings = await getSettings();
    // The words as spoken, with when each sounds: the page follows them on its own clock.
    const words = settings.highlightWords && spoken ? { words: spoken } : {};
    if (settings.highlight) await tellPage(session.tabId, frameId, { type: 'pageHighlight', start: range[0], end: range[1], ...words });
  }
  await tellPagePlayer(session, event);
}

/** A player's event with the time heard from the reading's earlier players added. */
export function withBase(event: PlayerEvent, session: { elapsedBase?: number }): PlayerEvent {
  const base = session.elapsedBase ?? 0;
  return base ? { ...event, elapsedSec: Math.round((event.elapsedSec + base) * 1000) / 1000 } : event;
}

