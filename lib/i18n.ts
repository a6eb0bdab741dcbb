import { browser } from 'wxt/browser';
import type en from '../public/_locales/en/messages.json';
import { baseCode, isRtl } from './language';

type Messages = typeof en;

/** A message of public/_locales: the keys of the English file, the reference every locale follows. */
export type MessageKey = keyof Messages;

/**
 * What a message takes: its named placeholders ($SECONDS$ → "$1") are filled, in order, from the
 * substitutions; a message without placeholders takes none.
 */
type Substitutions<K extends MessageKey> = Messages[K] extends { placeholders: object } ? [substitutions: string | string[]] : [];

/**
 * Text for the UI from the extension's locale files (public/_locales), in the browser's language.
 * Falls back to the key itself so a missing string is visible in review, never a blank; so it does
 * where the browser offers no i18n (Chrome's offscreen document: its words come from the worker).
 */
export function t<K extends MessageKey>(key: K, ...substitutions: Substitutions<K>): string {
  const text = browser.i18n?.getMessage(key as never, substitutions[0]);
  return text || key;
}

/** Locales shipped in public/_locales; any other UI language gets the English text. */
export const SHIPPED_LOCALES = ['en', 'es', 'de', 'ja'] as const;

/**
 * The language the UI's text is in: that of the message file the browser answers from (its
 * `localeCode`), with the browser's region where the two agree ("de-DE"). Not the browser's UI
 * language alone: on a first start Chromium once said "en-US" while its messages were Japanese.
 * Without messages (an offscreen document), the browser's language when we ship it, else English.
 */
export function uiLocale(): string {
  const ui = browser.i18n.getUILanguage();
  const bundle = browser.i18n?.getMessage('localeCode');
  if (bundle) return baseCode(ui) === bundle ? ui : bundle;
  return (SHIPPED_LOCALES as readonly string[]).includes(baseCode(ui)) ? ui : 'en';
}

/** A number as the UI's language writes it ("1,200" in English, "1.200" in German). */
export function formatNumber(n: number): string {
  return n.toLocaleString(uiLocale());
}

/**
 * Marks the page with the language its text is actually in: the browser's UI language when we
 * ship it, else English (the default locale). Screen readers pick their voice from `lang`.
 */
export function applyUiLanguage(doc: Document = document): void {
  const lang = uiLocale();
  doc.documentElement.lang = lang;
  doc.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr';
}
