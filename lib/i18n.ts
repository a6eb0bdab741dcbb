import { browser } from 'wxt/browser';

/**
 * Text for the UI from the extension's locale files (public/_locales), in the browser's language.
 * Falls back to the key itself so a missing string is visible in review, never a blank.
 */
export function t(key: string, substitutions?: string | string[]): string {
  const text = browser.i18n.getMessage(key as never, substitutions);
  return text || key;
}
