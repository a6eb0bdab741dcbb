import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, hashKey } from './hash-key';

describe('hashKey', () => {
  it('is the SHA-256 hex of the canonical JSON array', async () => {
    const parts = ['v1', 'https://tts.test', 1.5, null, 'Hello'];
    expect(canonicalJson(parts)).toBe('["v1","https://tts.test",1.5,null,"Hello"]');
    await expect(hashKey(parts)).resolves.toBe(createHash('sha256').update(canonicalJson(parts)).digest('hex'));
  });

  it('cannot be confused by separators inside the parts', async () => {
    expect(await hashKey(['a","b', 'c'])).not.toBe(await hashKey(['a', 'b","c']));
    expect(await hashKey(['ab', 'c'])).not.toBe(await hashKey(['a', 'bc']));
  });

  it('has one length whatever the text', async () => {
    for (const text of ['', 'x'.repeat(100_000), '日本語 🎉']) expect(await hashKey([text])).toMatch(/^[0-9a-f]{64}$/);
  });
});
