import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS } from '../../settings/schema';
import { chooseSpeechParams } from './speech-params';

const voice = (id: string, language: string, gender = 'female') => ({ id, name: id, language, gender, preview_url: '' });

describe('chooseSpeechParams', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await fakeBrowser.storage.local.set({
      settings: { serviceUrl: 'https://tts.test' },
      voices: { voices: [voice('en-x', 'EN-us'), voice('fr-x', 'fr')], fetchedAt: Date.now(), serviceUrl: 'https://tts.test' },
    });
  });

  it('sends two lowercase letters even when voices name languages with case and region', async () => {
    const params = await chooseSpeechParams('Hello there.', { language: 'en' }, { ...DEFAULT_SETTINGS, serviceUrl: 'https://tts.test' });
    expect(params).toMatchObject({ voiceId: 'en-x', language: 'en' });
  });

  it("falls back to the voice's own language when no voice speaks the text's", async () => {
    const params = await chooseSpeechParams('Hej.', { language: 'sv' }, { ...DEFAULT_SETTINGS, serviceUrl: 'https://tts.test' });
    expect(params.language).toBe('en');
  });

  it('uses the speed and format the caller chose over the settings', async () => {
    const params = await chooseSpeechParams('Salut.', { language: 'fr', speed: 1.5, format: 'wav' }, { ...DEFAULT_SETTINGS, serviceUrl: 'https://tts.test' });
    expect(params).toEqual({ voiceId: 'fr-x', language: 'fr', speed: 1.5, format: 'wav' });
  });
});
