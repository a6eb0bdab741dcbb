import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useEnglishMessages } from '../../i18n.test-helpers';
import { doneStarting, noteReadingBegun, refuseIfWithdrawn, startsUnderWay, withdrawStarting } from './begun';

describe('readings still starting', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    useEnglishMessages();
    for (const id of ['a', 'b', 'c']) doneStarting(id);
  });

  it('are withdrawn by tab, or all but the new one; a withdrawn one refuses to start', async () => {
    await noteReadingBegun('a', 1);
    await noteReadingBegun('b', 2);
    await noteReadingBegun('c', null);
    expect(startsUnderWay()).toBe(3);

    expect(withdrawStarting({ tabId: 2 })).toEqual([2]);
    expect(() => refuseIfWithdrawn('b')).toThrow(expect.objectContaining({ kind: 'cancelled' }));
    expect(() => refuseIfWithdrawn('a')).not.toThrow();

    expect(withdrawStarting({ keep: 'c' })).toEqual([1]);
    expect(() => refuseIfWithdrawn('a')).toThrow(expect.objectContaining({ kind: 'cancelled' }));
    expect(() => refuseIfWithdrawn('c')).not.toThrow();
    expect(startsUnderWay()).toBe(1);

    // Started: a later Stop is the current reading's, not this list's.
    doneStarting('c');
    expect(withdrawStarting()).toEqual([]);
    expect(() => refuseIfWithdrawn('c')).not.toThrow();
  });
});
