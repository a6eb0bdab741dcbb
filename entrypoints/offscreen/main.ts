import '@/lib/zod-setup';
import { joinedFileUrl } from '@/lib/audio/joined-file';
import { trackFileUrl } from '@/lib/captions/track-file';
import { sendMessage } from '@/lib/messaging/send';
import { unwrap } from '@/lib/messaging/result';
import { registerHandlers } from '@/lib/messaging/router';
import { linkToBackground } from '@/lib/player/background-link';
import { recordOutput } from '@/lib/player/output-recorder';
import { createPlayer } from '@/lib/player/player';
import { getAudio } from '@/lib/speech/cache';
import { voxlateDb } from '@/lib/storage/database';
import { fromBase64 } from '@/lib/storage/base64';

const LIVE = new Set(['loading', 'playing', 'paused']);

/**
 * Chrome's offscreen document: hosts the player (audio needs a document; the service worker has
 * none) and relays between it and the background. registerHandlers checks the sender and the data:
 * content scripts' runtime messages reach this page too.
 */
function main(): void {
  // Test build: the player's output is recorded for the measurement of gaps between chunks.
  let recorder: ReturnType<typeof recordOutput> | null = null;
  const player = createPlayer({
    ...(__VOXLATE_TEST_HOOKS__ ? { audioContext: () => (recorder = recordOutput(new AudioContext())).context } : {}),
    fetchChunk: async (req) => unwrap(await sendMessage('fetchChunk', req)),
    loadAudio,
    // Fire and forget: if the worker cannot be reached, there is nothing else to tell.
    cancelFetches: (sessionId, chunks) => void sendMessage('cancelFetches', { sessionId, chunks: chunks && [...chunks] }).catch(() => undefined),
    onEvent: (event) => void sendMessage('playerEvent', event).catch(() => undefined),
  });
  // The background learns from this link when Chrome closes this document, and starts another.
  const link = linkToBackground(() => LIVE.has(player.state()?.status ?? ''));
  link.ensure();
  registerHandlers({
    playerStart: ({ plan, startSentence }) => {
      player.start(plan, startSentence);
      link.ensure();
    },
    playerControl: ({ action }) => player.control(action),
    playerState: () => player.state(),
    // Opened while the first audio is on its way: the audio output, the decoder and the audio cache.
    playerPrepare: () => {
      player.prepare();
      void voxlateDb().catch(() => undefined);
    },
    playerSetSpeed: ({ speed, cached }) => player.setSpeed(speed, cached),
    // A download of several parts is joined from here, not from the worker (which can start no
    // worker and has no object URLs), in the join worker: the mp3 codec (~250 KB) is loaded only
    // then, and not on this page, the player's thread. The file stays here as a Blob and only its
    // URL goes back: a reply is JSON (base64, +33 %) with a 64 MiB cap, and the worker could only
    // turn bytes into a data: URL as big again.
    joinDownload: ({ keys, format }) => joinedFileUrl(keys, format, async (key) => (await loadAudio(key))?.audio),
    // A captions' spoken track, placed here from the cache as a download is joined (by keys, not
    // bytes, for the same cap; frames and samples copied, but for speech longer than its slot,
    // decoded and encoded again in the join worker); only its URL goes back.
    placeTrack: ({ parts, lengthSec, language }) => trackFileUrl(parts, lengthSec, language, async (key) => (await loadAudio(key))?.audio),
  });
  // The player's own figures, for the benchmark and tests only.
  if (__VOXLATE_TEST_HOOKS__) {
    registerHandlers({
      playerStats: () => {
        const stats = player.stats();
        return stats && recorder ? { ...stats, output: recorder.recording() } : stats;
      },
    });
  }
}

/** A chunk's audio: from the cache; a private window's is in the worker's memory, never in the database, and asked for there. */
async function loadAudio(cacheKey: string): Promise<{ audio: Uint8Array } | undefined> {
  const stored = await getAudio(cacheKey);
  if (stored) return stored;
  const kept = unwrap(await sendMessage('audioInMemory', { cacheKey }));
  return kept === null ? undefined : { audio: fromBase64(kept) };
}

main();
