/**
 * The languages the emulator knows: the sixteen the contract names plus a few more that
 * espeak-ng speaks, so the extension sees "more exist" without us inventing fake ones.
 */

/** One language: its code (as in the voices list), English name and espeak-ng voice. */
export interface Language {
  /** Two-letter code, the `language` value of voices and the `language` field of /tts. */
  code: string;
  /** Canonical English name, the value /translate accepts and returns. */
  name: string;
  /** espeak-ng voice name (see `espeak-ng --voices`). */
  espeak: string;
  /** Display names of the two built-in voices: [female, male]. */
  voiceNames: [string, string];
  /** "Hello, I am {name}." in this language, spoken by the preview samples. */
  greeting: string;
}

/** Every language, the sixteen required ones first (tests and the 1,000-voice padding rely on the order being stable). */
export const LANGUAGES: readonly Language[] = [
  { code: 'en', name: 'English', espeak: 'en-us', voiceNames: ['Amelia', 'Oliver'], greeting: 'Hello, I am {name}.' },
  { code: 'es', name: 'Spanish', espeak: 'es', voiceNames: ['Lucía', 'Mateo'], greeting: 'Hola, soy {name}.' },
  { code: 'fr', name: 'French', espeak: 'fr-fr', voiceNames: ['Camille', 'Louis'], greeting: 'Bonjour, je suis {name}.' },
  { code: 'de', name: 'German', espeak: 'de', voiceNames: ['Hanna', 'Lukas'], greeting: 'Hallo, ich bin {name}.' },
  { code: 'it', name: 'Italian', espeak: 'it', voiceNames: ['Giulia', 'Marco'], greeting: 'Ciao, sono {name}.' },
  { code: 'pt', name: 'Portuguese', espeak: 'pt', voiceNames: ['Beatriz', 'João'], greeting: 'Olá, eu sou {name}.' },
  { code: 'tr', name: 'Turkish', espeak: 'tr', voiceNames: ['Elif', 'Emre'], greeting: 'Merhaba, ben {name}.' },
  { code: 'ru', name: 'Russian', espeak: 'ru', voiceNames: ['Anastasia', 'Dmitri'], greeting: 'Привет, я {name}.' },
  { code: 'ja', name: 'Japanese', espeak: 'ja', voiceNames: ['Yui', 'Haruto'], greeting: 'こんにちは、{name}です。' },
  { code: 'ko', name: 'Korean', espeak: 'ko', voiceNames: ['Jiwoo', 'Minjun'], greeting: '안녕하세요, 저는 {name}입니다.' },
  { code: 'zh', name: 'Chinese', espeak: 'cmn', voiceNames: ['Mei', 'Wei'], greeting: '你好，我是{name}。' },
  { code: 'ar', name: 'Arabic', espeak: 'ar', voiceNames: ['Layla', 'Omar'], greeting: 'مرحبا، أنا {name}.' },
  { code: 'hi', name: 'Hindi', espeak: 'hi', voiceNames: ['Priya', 'Arjun'], greeting: 'नमस्ते, मैं {name} हूँ।' },
  { code: 'pl', name: 'Polish', espeak: 'pl', voiceNames: ['Zofia', 'Jakub'], greeting: 'Cześć, jestem {name}.' },
  { code: 'nl', name: 'Dutch', espeak: 'nl', voiceNames: ['Emma', 'Daan'], greeting: 'Hallo, ik ben {name}.' },
  { code: 'sv', name: 'Swedish', espeak: 'sv', voiceNames: ['Elsa', 'Lars'], greeting: 'Hej, jag är {name}.' },
  { code: 'uk', name: 'Ukrainian', espeak: 'uk', voiceNames: ['Oksana', 'Taras'], greeting: 'Привіт, я {name}.' },
  { code: 'cs', name: 'Czech', espeak: 'cs', voiceNames: ['Tereza', 'Jan'], greeting: 'Ahoj, jsem {name}.' },
  { code: 'el', name: 'Greek', espeak: 'el', voiceNames: ['Eleni', 'Nikos'], greeting: 'Γεια σας, είμαι {name}.' },
  { code: 'fi', name: 'Finnish', espeak: 'fi', voiceNames: ['Aino', 'Eero'], greeting: 'Hei, olen {name}.' },
  { code: 'da', name: 'Danish', espeak: 'da', voiceNames: ['Freja', 'Mads'], greeting: 'Hej, jeg er {name}.' },
  { code: 'he', name: 'Hebrew', espeak: 'he', voiceNames: ['Noa', 'Yosef'], greeting: 'שלום, אני {name}.' },
  { code: 'id', name: 'Indonesian', espeak: 'id', voiceNames: ['Siti', 'Budi'], greeting: 'Halo, saya {name}.' },
  { code: 'vi', name: 'Vietnamese', espeak: 'vi', voiceNames: ['Linh', 'Minh'], greeting: 'Xin chào, tôi là {name}.' },
];

/** The sixteen languages the contract requires, by code. */
export const REQUIRED_LANGUAGE_CODES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'tr', 'ru', 'ja', 'ko', 'zh', 'ar', 'hi', 'pl', 'nl', 'sv'] as const;

const byCode = new Map(LANGUAGES.map((l) => [l.code, l]));
const byName = new Map(LANGUAGES.map((l) => [l.name.toLowerCase(), l]));

/** Finds a language by its exact lowercase two-letter code. */
export function languageByCode(code: string): Language | undefined {
  return byCode.get(code);
}

/** Finds a language by English name, case-insensitively (surrounding spaces ignored). */
export function languageByName(name: string): Language | undefined {
  return byName.get(name.trim().toLowerCase());
}

/** Number of Unicode code points: the emulator's meaning of "characters" everywhere. */
export function charCount(text: string): number {
  let n = 0;
  // for..of walks code points, so an emoji counts once rather than twice as with .length.
  for (const _ of text) n++;
  return n;
}
