import { describe, expect, it } from 'vitest';
import { cancelUntilSent } from './until-sent';

describe('cancelUntilSent', () => {
  it('aborts a request that has not been sent yet', () => {
    const caller = new AbortController();
    const guard = cancelUntilSent(caller.signal);
    caller.abort(new Error('superseded'));
    expect(guard.signal.aborted).toBe(true);
    expect(guard.signal.reason).toMatchObject({ message: 'superseded' });
  });

  it('is aborted at once when the caller already cancelled', () => {
    const caller = new AbortController();
    caller.abort();
    expect(cancelUntilSent(caller.signal).signal.aborted).toBe(true);
  });

  it('lets a request already sent run to its end', async () => {
    const caller = new AbortController();
    const guard = cancelUntilSent(caller.signal);
    let finish!: (value: string) => void;
    const sent = guard.send(() => new Promise<string>((resolve) => (finish = resolve)));
    caller.abort();
    expect(guard.signal.aborted).toBe(false);
    finish('paid for');
    await expect(sent).resolves.toBe('paid for');
    expect(guard.signal.aborted).toBe(false);
  });

  it('applies a cancellation that came during a failed send before any retry', async () => {
    const caller = new AbortController();
    const guard = cancelUntilSent(caller.signal);
    const sent = guard.send(async () => {
      caller.abort();
      expect(guard.signal.aborted).toBe(false);
      throw new Error('429');
    });
    await expect(sent).rejects.toThrow('429');
    expect(guard.signal.aborted).toBe(true);
  });

  it('stops following the caller once released', () => {
    const caller = new AbortController();
    const guard = cancelUntilSent(caller.signal);
    guard.release();
    caller.abort();
    expect(guard.signal.aborted).toBe(false);
  });
});
