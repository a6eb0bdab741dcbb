import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { makeServiceError } from './api/errors';
import { formatNumber, t, uiLocale } from './i18n';
import { useEnglishMessages, useLocaleMessages } from './i18n.test-helpers';

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

describe('t', () => {
  it('fills named placeholders in order', () => {
    useEnglishMessages();
    expect(t('downloadFailedHint', ['3', '7'])).toBe('3 of 7 parts were received. Retry asks for (and pays) only the missing ones.');
  });

  it('answers with the key where a message is missing', () => {
    vi.spyOn(fakeBrowser.i18n, 'getMessage').mockReturnValue('');
    expect(t('readingNothing')).toBe('readingNothing');
  });

  it('answers with the key where the context has no i18n (Chrome’s offscreen document)', () => {
    vi.spyOn(fakeBrowser, 'i18n', 'get').mockReturnValue(undefined as never);
    expect(t('readingNothing')).toBe('readingNothing');
  });
});

describe('numbers and errors in the UI language', () => {
  it('writes numbers as the UI language does, and as English where we ship no locale for it', () => {
    useLocaleMessages('de', 'de-DE');
    expect([uiLocale(), formatNumber(1200)]).toEqual(['de-DE', '1.200']);
    useLocaleMessages('en', 'fr-FR');
    expect([uiLocale(), formatNumber(1200)]).toEqual(['en', '1,200']);
  });

  it('names the language of the messages shown, even where the browser’s UI language says another (a first start in Chromium)', () => {
    useLocaleMessages('ja', 'en-US');
    expect(uiLocale()).toBe('ja');
    useLocaleMessages('es', 'es-MX');
    expect(uiLocale()).toBe('es-MX');
  });

  it('words an error of the service in the user’s language', () => {
    useLocaleMessages('de', 'de-DE');
    expect(makeServiceError('rateLimited', { retryAfterMs: 12_000 }).message).toBe('Der Dienst ist ausgelastet (Ratenlimit). Versuchen Sie es in 12 s noch einmal.');
    useLocaleMessages('ja', 'ja');
    expect(makeServiceError('server', { status: 503, serverMessage: 'down' }).message).toBe(
      'サービスで問題が発生しました（HTTP 503）。しばらくしてからもう一度お試しください。サービスからのメッセージ：「down」',
    );
    useLocaleMessages('es', 'es-ES');
    expect(makeServiceError('badResponse', { reason: t('audioEmpty') }).message).toBe(
      'El servicio envió una respuesta inesperada (el audio está vacío). Vuelve a intentarlo; si sigue pasando, revisa la dirección del servicio en los ajustes.',
    );
  });
});
