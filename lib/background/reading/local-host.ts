import { recordOutput } from '../../player/output-recorder';
import { createPlayer, type PlayerDeps } from '../../player/player';
import type { PlayerHost } from './player-host';

/** Firefox: the background page can play audio itself, so the player runs right here. */
export function createLocalHost(deps: PlayerDeps): PlayerHost {
  // Test build: the player's output is recorded for the measurement of gaps between chunks.
  let recorder: ReturnType<typeof recordOutput> | null = null;
  const player = createPlayer(
    __VOXLATE_TEST_HOOKS__ ? { ...deps, audioContext: () => (recorder = recordOutput(new AudioContext())).context } : deps,
  );
  return {
    async start(plan, startSentence) {
      player.start(plan, startSentence);
    },
    // The audio output and the decoder opened while the first audio is on its way (Player.prepare).
    async prepare() {
      player.prepare();
    },
    async control(action) {
      player.control(action);
      return true;
    },
    async setSpeed(speed, cached) {
      return player.setSpeed(speed, cached);
    },
    async state() {
      return player.state();
    },
    async stats() {
      const stats = player.stats();
      return stats && recorder ? { ...stats, output: recorder.recording() } : stats;
    },
    // The background page is the player's document: while this code runs, it is there.
    alive: async () => true,
  };
}
