import { describe, expect, it } from 'vitest';
import type { ReadingPlan } from './contract';
import { createChunkFetcher } from './chunk-requests';
import type { FetchChunkRequest } from './types';

const plan: ReadingPlan = {
  sessionId: 's1',
  title: 'Test',
  params: { voiceId: 'v', language: 'en', speed: 1, format: 'mp3' },
  sentenceCount: 2,
  chunks: [
    { index: 0, text: 'One.', firstSentence: 0, lastSentence: 0, sentenceOffsets: [0] },
    { index: 1, text: 'Two.', firstSentence: 1, lastSentence: 1, sentenceOffsets: [0] },
  ],
};

const flush = () => new Promise((resolve) => setImmediate(resolve));
const cancelled = () => Object.assign(new Error('The request was cancelled.'), { kind: 'cancelled' });

function setup() {
  const requests: (FetchChunkRequest & { reject(e: Error): void })[] = [];
  const fetcher = createChunkFetcher(
    plan,
    {
      fetchChunk: (req) => new Promise((_, reject) => void requests.push({ ...req, reject })),
      // The background answers a withdrawn request with a cancellation, as the gateway does.
      cancelFetches: (_session, chunks) => {
        for (const r of requests.filter((q) => chunks?.includes(q.chunkIndex) ?? true)) r.reject(cancelled());
      },
    },
    () => undefined,
  );
  return { fetcher, requests };
}

describe('chunk requests', () => {
  it('asks again after a cancellation it did not ask for, twice, then says it failed', async () => {
    const { fetcher, requests } = setup();
    for (let i = 0; i < 3; i++) {
      fetcher.request(0, 10);
      requests.at(-1)!.reject(cancelled());
      await flush();
    }
    expect(requests).toHaveLength(3);
    expect(fetcher.state(0)).toMatchObject({ status: 'failed', error: { kind: 'cancelled' } });
  });

  it('does not count its own withdrawals (a pause, a jump) as cancellations it did not ask for', async () => {
    const { fetcher, requests } = setup();
    // Withdrawn here three times: at a Pause, and at two jumps away and back.
    for (let i = 0; i < 3; i++) {
      fetcher.request(0, 10);
      fetcher.release([0]);
      await flush();
      expect(fetcher.state(0)).toEqual({ status: 'idle' });
    }
    // Then the background drops it once: asked again, not given up.
    fetcher.request(0, 10);
    requests.at(-1)!.reject(cancelled());
    await flush();
    expect(fetcher.state(0)).toEqual({ status: 'idle' });
    fetcher.request(0, 10);
    expect(fetcher.state(0)).toEqual({ status: 'requested' });
    expect(requests).toHaveLength(5);
  });
});
