import type { PlacedPart } from '../audio/place';
import { audibleEndSec, isPcm16Wav, placementRoomSec, speechFileSeconds, wavOfSamples, wavSamples, type SpeechSamples } from '../audio/speech-samples';
import { stretchChannels } from '../audio/stretch';
import { isWav } from '../audio/wav';
import { fitSpeech } from './slot';

/*
 * The spoken track's speech fitted to each caption's slot as Listen fits it (the option "cut"):
 * speech longer than the time to the next caption is sped up, up to 1.3× (time-stretched, its
 * pitch kept: the stretch the player uses), and past that cut at the end of the last word that
 * fits. So each caption's speech starts at its caption, and the file is the video's length. Speech
 * that fits is copied as it is; only the parts that do not are decoded and encoded again. An mp3's
 * slot is its caption's less the room its frames take past the speech (placementRoomSec, about
 * 0.1 s), so the next caption's speech is placed at its own start; a file whose voice fits but
 * whose closing silence does not is encoded again without that silence.
 */

/** A caption's speech to place: its audio, what it says, where it starts and where its slot ends (seconds into the video). */
export interface SlottedPart {
  bytes: Uint8Array;
  text: string;
  atSec: number;
  endSec: number;
}

/** Decodes a part's speech and encodes it again (an mp3's in the join worker; a WAV's here). */
export interface SpeechRecoder {
  decode(bytes: Uint8Array): Promise<SpeechSamples>;
  encode(speech: SpeechSamples, like: Uint8Array): Promise<Uint8Array>;
}

/** How many captions' speech was sped up (up to 1.3×) to fit its slot, and how many cut at a word: said when the track is saved. */
export interface FitCounts {
  spedUp: number;
  cut: number;
}

/** The parts to place, and how many captions' speech was sped up, and how many cut. */
export interface FittedTrack extends FitCounts {
  parts: PlacedPart[];
}

// A cut ends on a short fade: the estimated end of a word may fall in a sound, which would click.
const FADE_SEC = 0.005;

/**
 * Each part fitted to its slot (fitSpeech, on the speech's audible length as Listen measures it),
 * in `language`. `mp3` gives the codec for mp3 parts, asked for only when one does not fit; a WAV
 * (16-bit PCM) is stretched here; a WAV of another form is placed as it is (back to back).
 */
export async function fitTrackParts(parts: readonly SlottedPart[], language: string, mp3: () => SpeechRecoder): Promise<FittedTrack> {
  let spedUp = 0;
  let cut = 0;
  let codec: SpeechRecoder | null = null;
  const fitted: PlacedPart[] = [];
  for (const part of parts) {
    const slotSec = part.endSec - part.atSec - placementRoomSec(part.bytes);
    const unchanged = { bytes: part.bytes, atSec: part.atSec };
    // The file's own length is an upper bound on its voice's: within the slot, nothing to decode.
    if (speechFileSeconds(part.bytes) <= slotSec + 1e-6) {
      fitted.push(unchanged);
      continue;
    }
    const wav = isWav(part.bytes);
    if (wav && !isPcm16Wav(part.bytes)) {
      fitted.push(unchanged);
      continue;
    }
    const recoder = wav ? WAV : (codec ??= mp3());
    const speech = await recoder.decode(part.bytes);
    const speechSec = audibleEndSec(speech);
    const plan = fitSpeech({ slotSec, speechSec, overflow: 'cut', text: part.text, language });
    if (plan.kind === 'pause') {
      fitted.push(unchanged);
      continue;
    }
    const { sampleRate } = speech;
    const voice = speech.channels.map((c) => c.subarray(0, Math.round(speechSec * sampleRate)));
    const stretched = stretchChannels(voice, plan.rate, sampleRate);
    // Never past the slot: a stretch rounds its length to the sample.
    const keep = Math.max(0, Math.min(stretched[0]!.length, Math.floor(slotSec * sampleRate), plan.kind === 'cut' ? Math.round(plan.stopAtSec * sampleRate) : Infinity));
    // No word fits: a sample of silence keeps the part's place (a part with no audio cannot be placed).
    const channels = plan.kind === 'cut' && plan.keptWords === 0 ? stretched.map(() => new Float32Array(1)) : stretched.map((c) => c.slice(0, keep));
    if (plan.kind === 'cut') fadeOut(channels, Math.round(FADE_SEC * sampleRate));
    fitted.push({ bytes: await recoder.encode({ channels, sampleRate }, part.bytes), atSec: part.atSec });
    if (plan.kind === 'cut') cut++;
    else if (plan.kind === 'speedUp') spedUp++;
  }
  return { parts: fitted, spedUp, cut };
}

const WAV: SpeechRecoder = {
  decode: (bytes) => Promise.resolve(wavSamples(bytes)),
  encode: (speech) => Promise.resolve(wavOfSamples(speech)),
};

function fadeOut(channels: readonly Float32Array[], samples: number): void {
  for (const c of channels) {
    const n = Math.min(samples, c.length);
    for (let i = 0; i < n; i++) c[c.length - n + i]! *= (n - i) / (n + 1);
  }
}
