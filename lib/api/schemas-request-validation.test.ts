import { beforeEach, describe, expect, it } from 'vitest';
import type { ServiceError } from './errors';
import { validateTranslateRequest, validateTtsRequest, type TtsRequest } from './schemas';
import { useEnglishMessages } from '../i18n.test-helpers';

const ok: TtsRequest = { text: 'Hello', voice_id: 'v1' };

function errorOf(fn: () => unknown): ServiceError {
  try {
    fn();
  } catch (e) {
    return e as ServiceError;
  }
  throw new Error('expected a throw');
}

// Errors are worded from public/_locales/en, as in an English browser.
beforeEach(() => useEnglishMessages());

describe('validateTtsRequest', () => {
  it('passes a valid request through', () => {
    const full = { ...ok, language: 'en', speed: 2, format: 'wav' as const };
    expect(validateTtsRequest(full)).toEqual(full);
    expect(validateTtsRequest({ ...ok, text: 'x'.repeat(5000), speed: 0.5 }).text).toHaveLength(5000);
  });

  it.each([
    [{ ...ok, text: '' }, 'The text is empty. Select some text and try again.'],
    [{ ...ok, text: ' \n\t ' }, 'The text is empty. Select some text and try again.'],
    [{ ...ok, text: 'x'.repeat(6200) }, 'The text is 6,200 characters; the service takes at most 5,000 per request.'],
    [{ ...ok, speed: 0.4 }, 'Speed must be between 0.5 and 2.0.'],
    [{ ...ok, speed: 2.1 }, 'Speed must be between 0.5 and 2.0.'],
    [{ ...ok, format: 'ogg' }, 'Format must be mp3 or wav.'],
    [{ ...ok, voice_id: ' ' }, 'No voice is selected. Choose a voice in the options and try again.'],
    [{ ...ok, language: 'eng' }, 'The language must be a two-letter code such as en or es.'],
    [{ ...ok, language: 'EN' }, 'The language must be a two-letter code such as en or es.'],
  ])('rejects %j with a plain message', (req, message) => {
    const error = errorOf(() => validateTtsRequest(req as TtsRequest));
    expect(error.kind).toBe('invalidRequest');
    expect(error.message).toBe(message);
  });
});

describe('validateTranslateRequest', () => {
  it('passes a valid request through', () => {
    expect(validateTranslateRequest({ text: 'Hi', target_language: 'Spanish' })).toEqual({
      text: 'Hi',
      target_language: 'Spanish',
    });
  });

  it.each([
    [{ text: '  ', target_language: 'Spanish' }, 'The text is empty. Select some text and try again.'],
    [{ text: 'Hi', target_language: '' }, 'No target language is selected. Choose one and try again.'],
  ])('rejects %j', (req, message) => {
    const error = errorOf(() => validateTranslateRequest(req));
    expect(error.kind).toBe('invalidRequest');
    expect(error.message).toBe(message);
  });
});
