import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/** The module as a newly started worker has it: nothing in memory. */
async function freshWorker() {
  vi.resetModules();
  return import('./injected-frames');
}

beforeEach(() => fakeBrowser.reset());

describe('frames the page script runs in', () => {
  it('are still known to a worker started again (kept in session storage)', async () => {
    const first = await freshWorker();
    await first.rememberFrames(7, [0, 3]);
    const second = await freshWorker();
    expect(second.knownFramesNow(7)).toBeUndefined(); // nothing read yet: no waiting for it
    expect(await second.knownFrames(7)).toEqual([0, 3]);
    expect(second.knownFramesNow(7)).toEqual([0, 3]);
    expect(await second.knownFrames(8)).toBeUndefined();
  });

  it('keep the newest injection when one is recorded while the stored ones are read', async () => {
    const first = await freshWorker();
    await first.rememberFrames(7, [0]);
    const second = await freshWorker();
    const reading = second.knownFrames(7);
    await second.rememberFrames(7, [0, 5]);
    await reading;
    expect(await second.knownFrames(7)).toEqual([0, 5]);
    expect(await (await freshWorker()).knownFrames(7)).toEqual([0, 5]);
  });
});
