import { readFile } from 'node:fs/promises';
import { MPEGDecoder } from 'mpg123-decoder';

/*
 * Downloaded audio decoded for real, for the tests of both browsers (no test runner imported: the
 * Firefox suites run on their own).
 */

/** Decodes an mp3 file (or its bytes) for real, its LAME tag honoured as players do: its first channel and its rate. */
export async function decodedAudio(file: string | Uint8Array): Promise<{ samples: Float32Array; sampleRate: number }> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  const result = decoder.decode(typeof file === 'string' ? new Uint8Array(await readFile(file)) : file);
  decoder.free();
  return { samples: result.channelData[0]!.slice(0, result.samplesDecoded), sampleRate: result.sampleRate };
}

/** Seconds from the start to the first sample louder than `threshold` (null: silence throughout). */
export function firstSoundSec({ samples, sampleRate }: { samples: Float32Array; sampleRate: number }, threshold = 0.01): number | null {
  const at = samples.findIndex((sample) => Math.abs(sample) > threshold);
  return at < 0 ? null : at / sampleRate;
}
