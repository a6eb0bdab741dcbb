/**
 * Deterministic fake translation and source-language detection for POST /api/v1/translate.
 *
 * Rule: every non-blank paragraph gets a visible `[XX] ` marker (XX = target code, upper case)
 * and its phrasebook phrases replaced; everything else (unknown words, markup, entities,
 * whitespace, line breaks and blank-line paragraph separators) passes through verbatim.
 */
import { LANGUAGES, languageByCode, type Language } from './languages.ts';
import { PHRASEBOOK } from './phrasebook.ts';

// Scripts without spaces between words: phrases there match anywhere, not at word boundaries.
const NO_WORD_BOUNDARIES = new Set(['ja', 'zh', 'ko']);

interface Matcher {
  regex: RegExp;
  targets: Map<string, string>;
}

const matcherCache = new Map<string, Matcher | null>();

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One regex for all phrases of a language pair, longest first so "你好吗" beats "你好". */
function matcherFor(source: string, target: string): Matcher | null {
  const cacheKey = `${source}>${target}`;
  const cached = matcherCache.get(cacheKey);
  if (cached !== undefined) return cached;
  const targets = new Map<string, string>();
  for (const phrase of PHRASEBOOK) {
    const from = phrase[source];
    const to = phrase[target];
    if (!from || !to) continue;
    const key = from.toLowerCase();
    if (!targets.has(key)) targets.set(key, to);
  }
  let matcher: Matcher | null = null;
  if (targets.size > 0) {
    const alternation = [...targets.keys()].sort((a, b) => b.length - a.length).map(escapeRegex).join('|');
    const body = NO_WORD_BOUNDARIES.has(source) ? `(?:${alternation})` : `(?<![\\p{L}\\p{N}])(?:${alternation})(?![\\p{L}\\p{N}])`;
    matcher = { regex: new RegExp(body, 'giu'), targets };
  }
  matcherCache.set(cacheKey, matcher);
  return matcher;
}

/** Keeps a lowercase source word lowercase in the target ("the cat" -> "el gato"). */
function matchCase(matched: string, replacement: string): string {
  const first = matched[0] ?? '';
  const isLower = first !== first.toUpperCase() && first === first.toLowerCase();
  return isLower ? replacement.charAt(0).toLowerCase() + replacement.slice(1) : replacement;
}

// Tags and character entities are never translated, so markup survives byte for byte.
const MARKUP = /(<[^<>]*>|&#?[a-zA-Z0-9]+;)/;

function translateRun(text: string, matcher: Matcher | null): string {
  if (!matcher) return text;
  return text
    .split(MARKUP)
    .map((part, i) =>
      i % 2 === 1 ? part : part.replace(matcher.regex, (m) => {
        const to = matcher.targets.get(m.toLowerCase());
        return to === undefined ? m : matchCase(m, to);
      }),
    )
    .join('');
}

/** Translates `text` from `source` to `target` with the phrasebook rule described above. */
export function translate(text: string, source: Language, target: Language): string {
  const matcher = source.code === target.code ? null : matcherFor(source.code, target.code);
  const marker = `[${target.code.toUpperCase()}] `;
  // Odd indexes are the separators (a line break, blank line(s), then optional indentation).
  return text
    .split(/(\r?\n[ \t]*(?:\r?\n[ \t]*)+)/)
    .map((part, i) => {
      if (i % 2 === 1 || part.trim() === '') return part;
      const lead = /^\s*/.exec(part)?.[0] ?? '';
      return lead + marker + translateRun(part.slice(lead.length), matcher);
    })
    .join('');
}

// Common function words per Latin-script language, for detection by vote.
const COMMON_WORDS: Record<string, string[]> = {
  en: ['the', 'and', 'is', 'are', 'you', 'of', 'to', 'with', 'this', 'that', 'hello', 'thank', 'it', 'what', 'good'],
  es: ['el', 'la', 'los', 'las', 'que', 'y', 'es', 'por', 'con', 'una', 'hola', 'gracias', 'está', 'para', 'buenos'],
  fr: ['le', 'les', 'et', 'est', 'un', 'une', 'je', 'vous', 'pas', 'des', 'bonjour', 'merci', 'c’est', "c'est", 'avec', 'nous'],
  de: ['der', 'die', 'das', 'und', 'ist', 'nicht', 'ich', 'sie', 'ein', 'eine', 'mit', 'hallo', 'danke', 'guten', 'wie'],
  it: ['il', 'lo', 'gli', 'è', 'di', 'che', 'non', 'sono', 'una', 'ciao', 'grazie', 'per', 'come', 'della'],
  pt: ['o', 'os', 'as', 'é', 'não', 'um', 'uma', 'obrigado', 'obrigada', 'olá', 'você', 'bom', 'dia', 'com', 'muito'],
  tr: ['ve', 'bir', 'bu', 'için', 'ile', 'değil', 'merhaba', 'teşekkür', 'ederim', 'evet', 'hayır', 'ben', 'çok', 'nasılsın'],
  pl: ['i', 'w', 'nie', 'jest', 'się', 'na', 'że', 'tak', 'dziękuję', 'cześć', 'dzień', 'dobry', 'jak', 'masz'],
  nl: ['het', 'een', 'en', 'niet', 'ik', 'van', 'dat', 'dank', 'je', 'goedemorgen', 'hoe', 'gaat', 'zijn', 'wij'],
  sv: ['och', 'att', 'det', 'är', 'som', 'inte', 'jag', 'hej', 'tack', 'med', 'hur', 'mår', 'du', 'god'],
};

// Letters that (almost) only one of those languages uses: a strong hint worth several words.
const SIGNATURE_LETTERS: Record<string, RegExp> = {
  tr: /[ğşıİ]/g,
  pl: /[łąęźżśćń]/g,
  sv: /[å]/g,
  de: /[ß]/g,
  es: /[ñ¿¡]/g,
  pt: /[ãõ]/g,
};

const SCRIPTS: Array<[RegExp, string]> = [
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, 'ja'], // before Han: Japanese text mixes kanji and kana
  [/\p{Script=Hangul}/u, 'ko'],
  [/\p{Script=Han}/u, 'zh'],
  [/\p{Script=Arabic}/u, 'ar'],
  [/\p{Script=Cyrillic}/u, 'ru'],
  [/\p{Script=Devanagari}/u, 'hi'],
  [/\p{Script=Greek}/u, 'el'],
  [/\p{Script=Hebrew}/u, 'he'],
];

/**
 * Detects the source language: by script first (kana → Japanese, Hangul → Korean, Han →
 * Chinese, Arabic, Cyrillic → Russian, Devanagari → Hindi, Greek, Hebrew), then for Latin
 * text by votes of common words and signature letters among en es fr de it pt tr pl nl sv;
 * English when nothing scores (or on a tie with English).
 */
export function detectLanguage(text: string): Language {
  const plain = text.replace(new RegExp(MARKUP.source, 'g'), ' ');
  for (const [re, code] of SCRIPTS) if (re.test(plain)) return languageByCode(code) as Language;
  const words = plain.toLowerCase().match(/[\p{L}’']+/gu) ?? [];
  const scores = new Map<string, number>();
  for (const [code, list] of Object.entries(COMMON_WORDS)) {
    const set = new Set(list);
    let score = words.filter((w) => set.has(w)).length;
    const sig = SIGNATURE_LETTERS[code];
    if (sig) score += 3 * (plain.match(sig)?.length ?? 0);
    scores.set(code, score);
  }
  let best = 'en';
  let bestScore = scores.get('en') ?? 0;
  for (const [code, score] of scores) if (score > bestScore) [best, bestScore] = [code, score];
  return languageByCode(best) as Language;
}

/** The supported language names, for error messages. */
export const SUPPORTED_NAMES = LANGUAGES.map((l) => l.name);
