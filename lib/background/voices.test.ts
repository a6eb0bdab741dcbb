import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

const calls = vi.hoisted(() => ({ count: 0 }));
vi.mock('./service', () => ({
  callService: async () => {
    calls.count++;
    await new Promise((resolve) => setTimeout(resolve, 10));
    return [{ id: 'en-amelia', name: 'Amelia', language: 'en', gender: 'female' }];
  },
}));

const { getVoices } = await import('./voices');

beforeEach(() => {
  fakeBrowser.reset();
  calls.count = 0;
});

describe('getVoices', () => {
  it('asks the service once when several ask at the same time (a reading warms up while it picks its voice)', async () => {
    const [a, b] = await Promise.all([getVoices(), getVoices()]);
    expect(calls.count).toBe(1);
    expect(a.voices).toEqual(b.voices);
    // Then from the cache.
    await getVoices();
    expect(calls.count).toBe(1);
  });
});
