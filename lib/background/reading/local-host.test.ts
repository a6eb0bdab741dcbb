import { describe, expect, it, vi } from 'vitest';
import { asAudioContext, fakeAudioContext } from '../../player/fake-audio-context.test-helpers';
import { createLocalHost } from './local-host';

describe("Firefox's player host (the background page plays)", () => {
  it('gets the player ready while the first audio is on its way: the audio output opened once, before the reading starts', async () => {
    // A store build's host (the test build records the output).
    vi.stubGlobal('__VOXLATE_TEST_HOOKS__', false);
    const ctx = fakeAudioContext([1]);
    ctx.state = 'suspended';
    let opened = 0;
    const host = createLocalHost({
      fetchChunk: () => new Promise(() => undefined),
      cancelFetches: () => undefined,
      onEvent: () => undefined,
      audioContext: () => (opened++, asAudioContext(ctx)),
    });
    await host.prepare?.();
    expect(opened).toBe(1);
    expect(ctx.state).toBe('running');
    await host.prepare?.();
    expect(opened).toBe(1);
  });
});
