import { describe, expect, it } from 'vitest';
import type { Voice } from '../../api/schemas';
import { pickVoice } from './voice-pick';

const voice = (id: string, language: string, gender: string): Voice => ({ id, name: id, language, gender, preview_url: '' });
const voices = [voice('en-m', 'en', 'male'), voice('en-f', 'en', 'female'), voice('fr-m', 'fr', 'male'), voice('ja-f', 'ja', 'female')];

describe('pickVoice', () => {
  it('keeps the default voice when it speaks the language', () => {
    expect(pickVoice(voices, 'en', 'en-m')?.id).toBe('en-m');
  });
  it('switches to a voice of the text language when the default speaks another', () => {
    expect(pickVoice(voices, 'fr', 'en-f')?.id).toBe('fr-m');
    expect(pickVoice(voices, 'ja', 'en-m')?.id).toBe('ja-f');
  });
  it('matches languages whatever their case or region', () => {
    expect(pickVoice([voice('pt-x', 'PT-br', 'male')], 'pt', null)?.id).toBe('pt-x');
  });
  it('prefers a female voice when there is no default', () => {
    expect(pickVoice(voices, 'en', null)?.id).toBe('en-f');
  });
  it('falls back to the default, then to any voice, when none speaks the language', () => {
    expect(pickVoice(voices, 'sv', 'fr-m')?.id).toBe('fr-m');
    expect(pickVoice(voices, 'sv', null)?.id).toBe('en-m');
    expect(pickVoice([], 'en', null)).toBeNull();
  });
});
