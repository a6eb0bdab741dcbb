import { baseCode } from '../language';
import type { TextMark } from '../text-marks';

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
  /**
   * Code on a page that is not about code: a code block is replaced by a short spoken note
   * ("Code left out."), a long piece of inline code by the word "code". Off: code is read.
   */
  code: boolean;
  /** Table cells are read with their column's header: "Population: 2,100,000". */
  tables: boolean;
  /** Image credits ("Photograph: Jane Doe/Reuters") and image file names ("IMG_2034.jpg"). */
  images: boolean;
}
export const DEFAULT_CLEANUP: CleanupRules = { citations: true, code: true, tables: true, images: true };

const CODE_WORD: Record<string, string> = {
  en: 'code', es: 'código', fr: 'code', de: 'Code', it: 'codice', pt: 'código', tr: 'kod', ru: 'код',
  ja: 'コード', ko: '코드', zh: '代码', ar: 'شيفرة', hi: 'कोड', pl: 'kod', nl: 'code', sv: 'kod',
};
const CODE_NOTE: Record<string, string> = {
  en: 'Code left out.', es: 'Código omitido.', fr: 'Code omis.', de: 'Code ausgelassen.', it: 'Codice omesso.',
  pt: 'Código omitido.', tr: 'Kod atlandı.', ru: 'Код пропущен.', ja: 'コードは省略します。', ko: '코드는 생략합니다.',
  zh: '代码已省略。', ar: 'تم حذف الشيفرة.', hi: 'कोड छोड़ा गया।', pl: 'Kod pominięty.', nl: 'Code overgeslagen.', sv: 'Kod utelämnad.',
};

/** The note spoken instead of a code block, in `language` (English when unknown). */
export function codeNote(language: string): string {
  return CODE_NOTE[baseCode(language)] ?? 'Code left out.';
}

/** Inline code up to this long is read (a name, a command); longer is said as "code". */
export const INLINE_CODE_READ_CHARS = 40;

/**
 * Whether a text is about code, so its code is read whatever the rule says: code makes up at
 * least a sixth of it, or it has three code blocks or more (a tutorial, documentation).
 */
export function isAboutCode(textLength: number, marks: readonly TextMark[] = []): boolean {
  let chars = 0;
  let blocks = 0;
  for (const mark of marks) {
    if (mark.kind === 'codeBlock') blocks++;
    if (mark.kind === 'code' || mark.kind === 'codeBlock') chars += mark.to - mark.from;
  }
  return blocks >= 3 || (textLength > 0 && chars * 6 >= textLength);
}

/** The marks the rules act on in a text, with the decision about code taken once for the whole text. */
export interface SpeechMarks {
  marks: readonly TextMark[];
  /** The text is about code: its code is read. */
  aboutCode: boolean;
}

/**
 * `marks` of a text of `textLength` characters, ready for `markedForSpeech`; `aboutCode` when it
 * was decided on a longer text this one is the start of.
 */
export function speechMarks(textLength: number, marks: readonly TextMark[] = [], aboutCode = isAboutCode(textLength, marks)): SpeechMarks {
  return { marks, aboutCode };
}

/** What the code rule says instead of a code mark (a block's note, "code" for long inline code), or null when it is read. */
function codeSaidAs(mark: TextMark, language: string): string | null {
  if (mark.kind === 'codeBlock') return ` ${codeNote(language)} `;
  if (mark.kind === 'code' && mark.to - mark.from > INLINE_CODE_READ_CHARS) return ` ${CODE_WORD[baseCode(language)] ?? 'code'} `;
  return null;
}

/**
 * The text of `text[start, end)` (a sentence) with the marks the rules act on applied: a code
 * block's part in it goes, and the sentence where the block begins says the note instead; long
 * inline code becomes "code"; a cell that begins in it is preceded by its column's header.
 * Offsets are the whole text's. Without marks the slice itself.
 */
export function markedForSpeech(text: string, start: number, end: number, language: string, rules: CleanupRules, marks: SpeechMarks | undefined): string {
  const slice = text.slice(start, end);
  if (!marks?.marks.length) return slice;
  let out = '';
  let at = start;
  for (const mark of marks.marks) {
    if (mark.from >= end) break;
    if (mark.to <= start) continue;
    if (mark.kind === 'cell') {
      // Said before the cell, where the cell begins, unless the cell says it already.
      const { label } = mark;
      if (!rules.tables || !label || mark.from < start || mark.from < at) continue;
      if (text.slice(mark.from, Math.min(mark.to, end)).toLowerCase().startsWith(label.toLowerCase())) continue;
      out += `${text.slice(at, mark.from)}${label}: `;
      at = mark.from;
      continue;
    }
    const said = rules.code && !marks.aboutCode ? codeSaidAs(mark, language) : null;
    const from = Math.max(mark.from, start, at);
    const to = Math.min(mark.to, end);
    if (said === null || to <= from) continue;
    // A block said once, where it begins; its later sentences say nothing.
    out += text.slice(at, from) + (mark.from >= start ? said : ' ');
    at = to;
  }
  return out + text.slice(at, end);
}

/** Characters of `text` the code rule leaves out under `rules` (counted for the options). */
function codeLeftOut(rules: CleanupRules, marks: SpeechMarks | undefined, from: number): number {
  if (!marks || !rules.code || marks.aboutCode) return 0;
  let chars = 0;
  let covered = from;
  for (const mark of marks.marks) {
    if (codeSaidAs(mark, 'en') === null || mark.to <= covered) continue;
    chars += mark.to - Math.max(mark.from, covered);
    covered = mark.to;
  }
  return chars;
}

// Image credits said as a line or a sentence of their own ("Photograph: Jane Doe/Reuters",
// "Image credit: NASA", "© AP"), in the languages most pages use.
const IMAGE_CREDIT =
  /^(?:(?:photo(?:graph)?|image|picture|illustration|graphic|credit|foto(?:grafía)?|imagen|bild|crédit(?: photo)?|ilustración|abbildung)s?(?:\s+(?:credit|by|de|von))?\s*[:：]|©|\(c\)\s)\s*\S.{0,120}$/iu;
// Image file names left in captions and alt-like text: "IMG_2034.jpg", "DSC0042", "hero-banner.webp".
const IMAGE_FILE = /(?<![\w/.-])(?:[\w-]+\.(?:jpe?g|png|gif|webp|svg|avif|heic|bmp|tiff?)|(?:IMG|DSC|DSCN|DSCF|PXL|DCIM)[_-]?\d{3,}\w*)(?![\w/.-])/giu;
// Placeholders standing for an image: "[image]", "(Photo)", "[Bild]".
const IMAGE_PLACEHOLDER = /[[(](?:image|photo|picture|illustration|imagen|foto|bild)[\])]/giu;

/** `text` without image credits, file names and placeholders (the `images` rule). */
function withoutImageNoise(text: string): string {
  if (IMAGE_CREDIT.test(text.trim())) return '';
  return text.replace(IMAGE_FILE, ' ').replace(IMAGE_PLACEHOLDER, ' ');
}

/** Characters the `images` rule leaves out of one sentence. */
function imageNoiseChars(sentence: string): number {
  const trimmed = sentence.trim();
  if (IMAGE_CREDIT.test(trimmed)) return trimmed.length;
  let chars = 0;
  for (const match of sentence.matchAll(IMAGE_FILE)) chars += match[0].length;
  for (const match of sentence.matchAll(IMAGE_PLACEHOLDER)) chars += match[0].length;
  return chars;
}

// An encyclopedia's markers, numbered or lettered (lower case: "[EN]" is text), with an optional
// page ("[4]: 17"); "[sic]" and words in brackets are text.
const CITATION =
  /\[(?:\d{1,4}(?:\s*[-–,]\s*\d{1,4})*|[a-z]{1,2}|(?:[Nn]ote|nb|NB|n)\s*\d{1,3}|[Cc]itation needed|[Cc]larification needed|[Pp]age needed|[Bb]etter source needed|[Ff]ailed verification|[Dd]ubious(?:\s*[–-]\s*discuss)?|[Ww]ho\?|[Ww]hen\?|[Ww]hich\?|[Bb]y whom\?|[Aa]ccording to whom\?|[Oo]riginal research\?)\](?::\s*\d+(?:\s*[-–]\s*\d+)?)?/gu;

/**
 * Characters of `text` from `from` on that the cleanup rules leave out, so never send nor pay for
 * (counted for the options). `marks` are the whole text's.
 */
export function leftOutChars(text: string, rules: CleanupRules = DEFAULT_CLEANUP, marks?: SpeechMarks, from = 0): number {
  const rest = text.slice(from);
  let chars = codeLeftOut(rules, marks, from);
  if (rules.citations) for (const match of rest.matchAll(CITATION)) chars += match[0].length;
  if (rules.images) for (const line of rest.split('\n')) chars += imageNoiseChars(line);
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
  const cited = rules.citations ? text.replace(CITATION, '') : text;
  return (
    (rules.images ? withoutImageNoise(cited) : cited)
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
