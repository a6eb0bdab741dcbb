import { describe, expect, it } from 'vitest';
import { PAGE_TRANSLATE_REQUEST_KEY, takePageTranslateRequest } from './request';

describe('the request the worker leaves for the page-translation script', () => {
  const key = Symbol.for(PAGE_TRANSLATE_REQUEST_KEY);

  it('is taken once: a later injection of the script does not start on it again', () => {
    const scope: Record<symbol, unknown> = { [key]: { target: 'es', corner: 'top-left' } };
    expect(takePageTranslateRequest(scope)).toEqual({ target: 'es', corner: 'top-left' });
    expect(takePageTranslateRequest(scope)).toBeNull();
  });

  it('starts nothing on what is not one, and drops a corner it does not know', () => {
    for (const value of [undefined, null, 'es', { target: 'Spanish' }, { target: 7 }, { corner: 'top-left' }]) {
      expect(takePageTranslateRequest({ [key]: value })).toBeNull();
    }
    expect(takePageTranslateRequest({ [key]: { target: 'ja', corner: 'middle' } })).toEqual({ target: 'ja' });
  });
});
