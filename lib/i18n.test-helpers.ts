import { readFileSync } from 'node:fs';
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

interface LocaleEntry {
  message: string;
  placeholders?: Record<string, { content: string }>;
}

const EN = JSON.parse(readFileSync(new URL('../public/_locales/en/messages.json', import.meta.url), 'utf8')) as Record<string, LocaleEntry>;

/**
 * Makes the fake browser's `i18n.getMessage` answer as Chrome does for an English UI: the
 * message of public/_locales/en, its named placeholders ($SECONDS$) filled from their `$1`…
 * contents with the substitutions, and '' for an unknown key; `getUILanguage` says en-US (numbers
 * are then written "1,200"). Call it after `fakeBrowser.reset()`, e.g. in a `beforeEach`.
 */
export function useEnglishMessages(): void {
  vi.spyOn(fakeBrowser.i18n, 'getUILanguage').mockReturnValue('en-US');
  vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation((key: string, subs?: string | (string | number)[]) => {
    const values = ([] as (string | number)[]).concat(subs ?? []).map(String);
    const entry = EN[key];
    if (!entry) return '';
    const fill = (text: string) => text.replace(/\$(\d)/g, (_, n: string) => values[Number(n) - 1] ?? '');
    return entry.message.replace(/\$([A-Za-z0-9_]+)\$/g, (_, name: string) => fill(entry.placeholders?.[name.toLowerCase()]?.content ?? ''));
  });
}
