import { readFileSync } from 'node:fs';
import path from 'node:path';
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

interface LocaleEntry {
  message: string;
  placeholders?: Record<string, { content: string }>;
}

const readLocale = (code: string) =>
  // A path, not a URL: happy-dom's URL does not resolve file: URLs, and its tests need the words too.
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../public/_locales/${code}/messages.json`), 'utf8')) as Record<string, LocaleEntry>;

/**
 * Makes the fake browser's i18n answer as the browser does with its UI in `uiLanguage`: the message
 * of public/_locales/`code`, its named placeholders ($SECONDS$) filled from their `$1`… contents
 * with the substitutions, and '' for an unknown key. Call it after `fakeBrowser.reset()`, e.g. in a
 * `beforeEach`.
 */
export function useLocaleMessages(code: 'en' | 'es' | 'de' | 'ja', uiLanguage: string = code): void {
  const messages = readLocale(code);
  vi.spyOn(fakeBrowser.i18n, 'getUILanguage').mockReturnValue(uiLanguage);
  vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation((key: string, subs?: string | (string | number)[]) => {
    const values = ([] as (string | number)[]).concat(subs ?? []).map(String);
    const entry = messages[key];
    if (!entry) return '';
    const fill = (text: string) => text.replace(/\$(\d)/g, (_, n: string) => values[Number(n) - 1] ?? '');
    return entry.message.replace(/\$([A-Za-z0-9_]+)\$/g, (_, name: string) => fill(entry.placeholders?.[name.toLowerCase()]?.content ?? ''));
  });
}

/** {@link useLocaleMessages} for an English (en-US) UI: numbers are written "1,200". */
export const useEnglishMessages = (): void => useLocaleMessages('en', 'en-US');
