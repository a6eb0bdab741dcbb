// @vitest-environment node
import { resolveObjectURL } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { encodeMp3, encodeWav } from './encode.test-helpers';
import { joinedFileUrl } from './joined-file';
import { validateAudio } from './validate';

const fileAt = async (url: string) => {
  const blob = resolveObjectURL(url)!;
  return { type: blob.type, bytes: new Uint8Array(await blob.arrayBuffer()) };
};
const seconds = (bytes: Uint8Array, format: 'mp3' | 'wav') => {
  const check = validateAudio(bytes, format);
  return check.ok ? check.durationSec : NaN;
};

describe('joinedFileUrl', () => {
  it('joins the parts, in order, into one file behind an object URL of its type', async () => {
    const parts = new Map([['a', encodeMp3(0.3)], ['b', encodeMp3(0.6)], ['c', encodeMp3(0.9)]]);
    const url = await joinedFileUrl(['a', 'b', 'c'], 'mp3', async (key) => parts.get(key));
    const file = await fileAt(url!);
    expect(file.type).toBe('audio/mpeg');
    expect(seconds(file.bytes, 'mp3')).toBeCloseTo([...parts.values()].reduce((sum, p) => sum + seconds(p, 'mp3'), 0), 1);
  });

  it('hands one part over as it is', async () => {
    const wav = encodeWav(0.4);
    const file = await fileAt((await joinedFileUrl(['a'], 'wav', async () => wav))!);
    expect(file).toEqual({ type: 'audio/wav', bytes: wav });
  });

  it('answers null when a part is not stored', async () => {
    const wav = encodeWav(0.4);
    expect(await joinedFileUrl(['a', 'gone'], 'wav', async (key) => (key === 'a' ? wav : undefined))).toBeNull();
  });
});
