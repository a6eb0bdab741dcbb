import { browser } from 'wxt/browser';
import { isRtl } from './translate/languages';

/**
 * Text for the UI from the extension's locale files (public/_locales), in the browser's language.
 * Falls back to the key itself so a missing string is visible in review, never a blank.
 */
export function t(key: string, substitutions?: string | string[]): string {
  const text = browser.i18n.getMessage(key as never, substitutions);
  return text || key;
}

/** Locales shipped in public/_locales; any other UI language gets the English text. */
export const SHIPPED_LOCALES = ['en', 'es', 'de', 'ja'] as const;

/**
 * Marks the page with the language its text is actually in: the browser's UI language when we
 * ship it, else English (the default locale). Screen readers pick their voice from `lang`.
 */
export function applyUiLanguage(doc: Document = document): void {
  const ui = browser.i18n.getUILanguage();
  const base = ui.toLowerCase().split(/[-_]/)[0] ?? 'en';
  const shipped = (SHIPPED_LOCALES as readonly string[]).includes(base);
  doc.documentElement.lang = shipped ? ui : 'en';
  doc.documentElement.dir = shipped && isRtl(base) ? 'rtl' : 'ltr';
}
