import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clearAudioCache, hasAudio, putAudio, type AudioEntry } from './cache';
import { pinAudio, pinnedAudioKeys, unpinAudio } from './pins';

const entry = (bytes: number): AudioEntry => ({ audio: new Uint8Array(bytes), format: 'mp3', fileName: 'x.mp3', durationSec: 1 });

beforeEach(async () => {
  fakeBrowser.reset();
  await clearAudioCache();
});

describe('pins', () => {
  it('keeps each owner’s keys until that owner lets go', async () => {
    await Promise.all([pinAudio('download:a', ['k1', 'k2', 'k1']), pinAudio('download:b', ['k3'])]);
    expect(await pinnedAudioKeys()).toEqual(new Set(['k1', 'k2', 'k3']));
    await unpinAudio('download:a');
    expect(await pinnedAudioKeys()).toEqual(new Set(['k3']));
  });
});

describe('putAudio with pinned keys', () => {
  it('never evicts a download’s parts, even the least recently used; other audio makes room', async () => {
    await pinAudio('download:a', ['part-0', 'part-1']);
    await putAudio('part-0', entry(40), { limitBytes: 100, now: 1 });
    await putAudio('part-1', entry(40), { limitBytes: 100, now: 2 });
    await putAudio('reading', entry(20), { limitBytes: 100, now: 3 });
    await putAudio('part-2', entry(40), { limitBytes: 100, now: 4 });
    expect(await hasAudio('part-0')).toBe(true);
    expect(await hasAudio('part-1')).toBe(true);
    expect(await hasAudio('reading')).toBe(false);
    expect(await hasAudio('part-2')).toBe(true);
  });

  it('evicts them like any other audio once unpinned', async () => {
    await pinAudio('download:a', ['part-0']);
    await putAudio('part-0', entry(60), { limitBytes: 100, now: 1 });
    await putAudio('part-1', entry(60), { limitBytes: 100, now: 2 });
    expect(await hasAudio('part-0')).toBe(true);
    await unpinAudio('download:a');
    await putAudio('part-2', entry(30), { limitBytes: 100, now: 3 });
    expect(await hasAudio('part-0')).toBe(false);
  });
});
