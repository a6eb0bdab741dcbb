import { browser } from 'wxt/browser';

/** A language's name in `locale` ("Spanisch" in German), from its code; our own table where Intl has none. */
export function languageNameIn(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(code);
    if (name && name !== code) return name;
  } catch {
    // An unusual code Intl rejects: fall through to our own table.
  }
  return languageByCode(code)?.name ?? code;
}

/** A language the translator offers: its code, the English name the service takes, its own name. */
export interface Language {
  /** ISO 639-1 code, lowercase. */
  code: string;
  /** English name, as the service expects it in `target_language` / `source_language`. */
  name: string;
  /** The language's name for itself, shown beside the English one in pickers. */
  native: string;
}

/**
 * The one table of languages. The first 16 are the contract's; the next 8 are the other
 * languages of the voices list (the emulator accepts all 24); the rest are common languages the
 * real service ("more than 50 languages") also takes.
 */
export const LANGUAGES: readonly Language[] = [
  { code: 'en', name: 'English', native: 'English' },
  { code: 'es', name: 'Spanish', native: 'Español' },
  { code: 'fr', name: 'French', native: 'Français' },
  { code: 'de', name: 'German', native: 'Deutsch' },
  { code: 'it', name: 'Italian', native: 'Italiano' },
  { code: 'pt', name: 'Portuguese', native: 'Português' },
  { code: 'tr', name: 'Turkish', native: 'Türkçe' },
  { code: 'ru', name: 'Russian', native: 'Русский' },
  { code: 'ja', name: 'Japanese', native: '日本語' },
  { code: 'ko', name: 'Korean', native: '한국어' },
  { code: 'zh', name: 'Chinese', native: '中文' },
  { code: 'ar', name: 'Arabic', native: 'العربية' },
  { code: 'hi', name: 'Hindi', native: 'हिन्दी' },
  { code: 'pl', name: 'Polish', native: 'Polski' },
  { code: 'nl', name: 'Dutch', native: 'Nederlands' },
  { code: 'sv', name: 'Swedish', native: 'Svenska' },
  { code: 'uk', name: 'Ukrainian', native: 'Українська' },
  { code: 'cs', name: 'Czech', native: 'Čeština' },
  { code: 'el', name: 'Greek', native: 'Ελληνικά' },
  { code: 'fi', name: 'Finnish', native: 'Suomi' },
  { code: 'da', name: 'Danish', native: 'Dansk' },
  { code: 'he', name: 'Hebrew', native: 'עברית' },
  { code: 'id', name: 'Indonesian', native: 'Bahasa Indonesia' },
  { code: 'vi', name: 'Vietnamese', native: 'Tiếng Việt' },
  { code: 'no', name: 'Norwegian', native: 'Norsk' },
  { code: 'ro', name: 'Romanian', native: 'Română' },
  { code: 'hu', name: 'Hungarian', native: 'Magyar' },
  { code: 'bg', name: 'Bulgarian', native: 'Български' },
  { code: 'th', name: 'Thai', native: 'ไทย' },
  { code: 'fa', name: 'Persian', native: 'فارسی' },
  { code: 'ur', name: 'Urdu', native: 'اردو' },
  { code: 'bn', name: 'Bengali', native: 'বাংলা' },
  { code: 'ms', name: 'Malay', native: 'Bahasa Melayu' },
];

// Scripts written right to left, including ones not (yet) in the table, so a detected code works too.
const RTL = new Set(['ar', 'he', 'fa', 'ur', 'yi', 'ps', 'sd', 'dv', 'ug', 'ckb']);

// Older or macro-language codes browsers still report for a UI language.
const ALIASES: Record<string, string> = { iw: 'he', in: 'id', ji: 'yi', nb: 'no', nn: 'no' };

const byCode = new Map(LANGUAGES.map((l) => [l.code, l]));
const byName = new Map(LANGUAGES.map((l) => [l.name.toLowerCase(), l]));

/** The base subtag of a language tag, lowercased, with old codes mapped: 'pt-BR' → 'pt', 'iw' → 'he'. */
export function baseCode(tag: string): string {
  const base = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return ALIASES[base] ?? base;
}

/** The table's language for a code or tag ('pt-BR' finds Portuguese), or undefined. */
export function languageByCode(code: string): Language | undefined {
  return byCode.get(baseCode(code));
}

/** The table's language for an English name, matched case-insensitively as the service does. */
export function languageByName(name: string): Language | undefined {
  return byName.get(name.trim().toLowerCase());
}

/** Whether text in this language is written right to left. */
export function isRtl(code: string): boolean {
  return RTL.has(baseCode(code));
}

/**
 * The language to translate into when the user has not picked one for this request: their last
 * choice if it is still in the table, else the browser's UI language when supported, else English.
 */
export function defaultTargetLanguage(uiLanguage: string, lastChoice: string | null): string {
  if (lastChoice) {
    const last = languageByCode(lastChoice);
    if (last) return last.code;
  }
  return languageByCode(uiLanguage)?.code ?? 'en';
}

/**
 * The text's language as a two-letter code, detected locally (no credits spent): the browser's
 * detector when it is confident, else the page's declared language, else the given fallback.
 */
export async function detectLanguage(text: string, hint: string | null, fallback = 'en'): Promise<string> {
  const sample = text.slice(0, 2000);
  try {
    const result = await browser.i18n.detectLanguage(sample);
    const best = result.languages?.[0];
    if (result.isReliable && best && best.language !== 'und') return baseCode(best.language);
  } catch {
    // Detection is a nicety: the hint or fallback is good enough.
  }
  return hint ? baseCode(hint) : fallback;
}
