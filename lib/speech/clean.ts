import { baseCode } from '../language';

const LINK_WORD: Record<string, string> = {
  en: 'link',
  es: 'enlace',
  fr: 'lien',
  de: 'Link',
  it: 'link',
  pt: 'link',
  tr: 'bağlantı',
  ru: 'ссылка',
  ja: 'リンク',
  ko: '링크',
  zh: '链接',
  ar: 'رابط',
  hi: 'लिंक',
  pl: 'link',
  nl: 'link',
  sv: 'länk',
};

/** The word spoken instead of a URL, in `language` (English "link" when unknown). */
export function linkWord(language: string): string {
  return LINK_WORD[baseCode(language)] ?? 'link';
}

// Not preceded by "@" or an ASCII word character, so "anna@www.example.org" stays an email
// (CJK letters may touch a URL directly).
// CJK text puts no space after a URL, so ideographs, kana and full-width marks end it.
const URL =
  /(?<![A-Za-z0-9@._%+-])(?:https?:\/\/|www\.)[^\s<>"'`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}、。，！？「」『』（）【】]+/giu;
// Sentence punctuation right after a URL belongs to the sentence, not the URL.
const URL_TRAILING = /[.,;:!?'"»”’)\]}>。、，！？]+$/u;

// Characters used for rules, dividers and markdown emphasis: a run of them carries no speech.
const DECORATIVE = /([-=*_~#+|/\\^<>`•·◦▪■□●○◆◇★☆※─━│┃═║░▒▓])\1{2,}/gu;
// Doubled emphasis markers (**bold**, __x__, ~~x~~, ==x==, ##) are markup; "--", "++" (C++), "//" are not.
const DOUBLED_MARKUP = /([*_~=#`])\1/gu;

/** Cleanups the user can turn off (options → *Leave out before paying*); on by default. */
export interface CleanupRules {
  /** Citation and footnote markers: "[12]", "[3–5]", "[a]", "[note 2]", "[citation needed]", "[4]: 17". */
  citations: boolean;
}
export const DEFAULT_CLEANUP: CleanupRules = { citations: true };

// An encyclopedia's markers, numbered or lettered (lower case: "[EN]" is text), with an optional
// page ("[4]: 17"); "[sic]" and words in brackets are text.
const CITATION =
  /\[(?:\d{1,4}(?:\s*[-–,]\s*\d{1,4})*|[a-z]{1,2}|(?:[Nn]ote|nb|NB|n)\s*\d{1,3}|[Cc]itation needed|[Cc]larification needed|[Pp]age needed|[Bb]etter source needed|[Ff]ailed verification|[Dd]ubious(?:\s*[–-]\s*discuss)?|[Ww]ho\?|[Ww]hen\?|[Ww]hich\?|[Bb]y whom\?|[Aa]ccording to whom\?|[Oo]riginal research\?)\](?::\s*\d+(?:\s*[-–]\s*\d+)?)?/gu;

/** Characters of `text` the cleanup rules leave out, so never send nor pay for (counted for the options). */
export function leftOutChars(text: string, rules: CleanupRules = DEFAULT_CLEANUP): number {
  if (!rules.citations) return 0;
  let chars = 0;
  for (const match of text.matchAll(CITATION)) chars += match[0].length;
  return chars;
}

/**
 * Make one sentence (or any text) suitable for a speech engine: citation markers go (unless
 * turned off), URLs become a short
 * localized word, runs of repeated punctuation/symbols collapse or disappear, letters
 * stretched for emphasis ("soooooo") are capped at three, and whitespace is collapsed.
 *
 * Applied per sentence after segmentation, so the highlighted offsets stay those of the
 * original text while the spoken text is this one. Emails are left alone.
 */
export function cleanForSpeech(text: string, language: string, rules: CleanupRules = DEFAULT_CLEANUP): string {
  const word = linkWord(language);
  return (
    (rules.citations ? text.replace(CITATION, '') : text)
      .replace(URL, (url) => {
        const trailing = URL_TRAILING.exec(url)?.[0] ?? '';
        // Keep a ")" that closes a "(" inside the URL (Wikipedia-style links).
        let kept = trailing;
        if (kept.startsWith(')') && url.includes('(')) kept = kept.slice(1);
        return ` ${word}${kept} `;
      })
      .replace(DECORATIVE, ' ')
      .replace(DOUBLED_MARKUP, ' ')
      // Ellipses are meaningful pauses; longer dot runs (leaders) become a plain ellipsis.
      .replace(/\.{4,}/gu, '...')
      .replace(/…{2,}/gu, '…')
      // "!!!!!" → "!", "???" → "?", "。。。" → "。"; dots are handled above.
      .replace(/([^\P{P}.])\1+/gu, '$1')
      // "+" is spared for "C++".
      .replace(/([^\P{S}+])\1+/gu, '$1')
      .replace(/(\p{L})\1{3,}/gu, '$1$1$1')
      .replace(/\s+/gu, ' ')
      // Removing markup can leave a space before punctuation: "see ***. Then" → "see . Then".
      .replace(/ +([.,;:!?。、，！？])/gu, '$1')
      .trim()
  );
}

/** True when `text` has something a voice can say (a letter or a digit). */
export function isSpeakable(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}
