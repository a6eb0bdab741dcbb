import { describe, expect, it } from 'vitest';
import { errorKind, unwrap } from './result';

describe('errorKind', () => {
  it('reads the kind unwrap attaches; anything without one (a bug, null) has none', () => {
    let thrown: unknown;
    try {
      unwrap({ ok: false, error: { kind: 'cancelled', message: 'Stopped.' } });
    } catch (error) {
      thrown = error;
    }
    expect(errorKind(thrown)).toBe('cancelled');
    expect(errorKind(new Error('Receiving end does not exist.'))).toBeUndefined();
    expect(errorKind(Object.assign(new Error('odd'), { kind: 3 }))).toBeUndefined();
    expect(errorKind(null)).toBeUndefined();
    expect(errorKind(undefined)).toBeUndefined();
  });
});
