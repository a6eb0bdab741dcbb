import { createPlayer, type PlayerDeps } from '../../player/player';
import type { PlayerHost } from './player-host';

/** Firefox: the background page can play audio itself, so the player runs right here. */
export function createLocalHost(deps: PlayerDeps): PlayerHost {
  const player = createPlayer(deps);
  return {
    async start(plan, startSentence) {
      player.start(plan, startSentence);
    },
    async control(action) {
      player.control(action);
      return true;
    },
    async state() {
      return player.state();
    },
    async stats() {
      return player.stats();
    },
    // The background page is the player's document: while this code runs, it is there.
    alive: async () => true,
  };
}
