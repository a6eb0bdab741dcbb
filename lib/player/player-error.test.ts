import { beforeEach, describe, expect, it } from 'vitest';
import { t } from '../i18n';
import { useEnglishMessages } from '../i18n.test-helpers';
import { playerEventSchema, type PlayerEvent } from './contract';
import { DECODE_ERROR, inWords, toPlayerError } from './player-error';

beforeEach(() => useEnglishMessages());

describe('player errors', () => {
  const event: PlayerEvent = { sessionId: 's1', status: 'error', sentence: 2, chunk: 1, elapsedSec: 3 };

  it('are sent as a message key the background words, surviving the protocol’s schema', () => {
    const sent = playerEventSchema.parse({ ...event, error: DECODE_ERROR });
    expect(sent.error).toEqual({ kind: 'badResponse', message: '', messageKey: 'playerDecodeFailed' });
    expect(inWords(sent, t).error).toEqual({
      kind: 'badResponse',
      message: 'The audio could not be played: the browser could not decode it. Try another voice or format.',
    });
  });

  it('keep the words of an error the background already worded, and anything else is "unexpected"', () => {
    const fromBackground = toPlayerError(Object.assign(new Error('The service is busy (rate limit). Wait a moment and try again.'), { kind: 'rateLimited' }));
    expect(inWords({ ...event, error: fromBackground }, t).error).toEqual(fromBackground);
    expect(inWords({ ...event, error: toPlayerError('boom') }, t).error?.message).toBe(
      'Something unexpected went wrong while playing. Try again; if it keeps happening, reload the extension.',
    );
    expect(inWords(event, t)).toBe(event);
  });
});
