/**
 * What the realistic translator's pseudo-words look like in each target language: the letters
 * words are built from, the three inflection endings, how long a word comes out and how the
 * language orders words. Only the look has to be plausible; nothing here is real vocabulary.
 */

/** How a target language reorders the words of a clause (see realistic-translate.ts). */
export type WordOrder = 'verb-final' | 'noun-adjective' | 'free';

/** The shape of one target language's pseudo-words. */
export interface WordShape {
  /** Syllable onsets and nuclei: a stem is onset + nucleus, repeated, cut to its length. */
  onsets: readonly string[];
  nuclei: readonly string[];
  /** Endings of inflected forms 1, 2 and 3 (form 0 is the bare stem). */
  endings: readonly [string, string, string];
  /** Letters of a word per source letter (1 for alphabets; less for dense scripts). */
  density: number;
  order: WordOrder;
  /** Vowel changes of form 3 ("ablaut"), for scripts where that reads naturally. */
  ablaut?: Readonly<Record<string, string>>;
  /** No spaces between words (Japanese, Chinese). */
  unspaced?: boolean;
  /** Punctuation the language writes differently (Japanese and Chinese full-width marks). */
  punctuation?: Readonly<Record<string, string>>;
}

const split = (s: string): string[] => s.split(' ');

const LATIN_ABLAUT = { a: 'e', e: 'i', i: 'a', o: 'u', u: 'o' };
const CYRILLIC_ABLAUT = { а: 'я', о: 'е', у: 'ю', и: 'ы', е: 'и' };

function latin(onsets: string, nuclei: string, endings: [string, string, string], order: WordOrder): WordShape {
  return { onsets: split(onsets), nuclei: split(nuclei), endings, density: 1, order, ablaut: LATIN_ABLAUT };
}

function alphabet(onsets: string, nuclei: string, endings: [string, string, string], order: WordOrder, ablaut?: Record<string, string>): WordShape {
  return { onsets: split(onsets), nuclei: split(nuclei), endings, density: 1, order, ablaut };
}

const HANGUL_SYLLABLES = (() => {
  // Composed from jamo indexes (initial, medial, final) as Unicode lays Hangul out.
  const out: string[] = [];
  for (const l of [0, 2, 3, 5, 6, 7, 9, 11, 12, 14, 15, 16, 17, 18]) {
    for (const v of [0, 4, 8, 13, 18, 20]) for (const t of [0, 4]) out.push(String.fromCodePoint(0xac00 + (l * 21 + v) * 28 + t));
  }
  return out;
})();

const SHAPES: Record<string, WordShape> = {
  en: latin('b d f g h k l m n p r s t w th sh st', 'a e i o u ee oo ea', ['s', 'ed', 'er'], 'free'),
  es: latin('b c d f g j l ll m n ñ p qu r s t v z ch', 'a e i o u ue ie', ['o', 'as', 'en'], 'noun-adjective'),
  fr: latin('b c d f g j l m n p r s t v ch qu gr tr', 'a e i o u ou é è ai', ['e', 'es', 'é'], 'noun-adjective'),
  de: latin('b d f g h k l m n p r s t w z sch st pf', 'a e i o u ei au ie ä ö ü', ['en', 'er', 'st'], 'verb-final'),
  it: latin('b c d f g l m n p r s t v z gl sc', 'a e i o u', ['o', 'i', 'e'], 'noun-adjective'),
  pt: latin('b c d f g j l m n p r s t v lh nh', 'a e i o u ão ei', ['o', 'as', 'em'], 'noun-adjective'),
  tr: latin('b c ç d f g h k l m n p r s ş t y z', 'a e ı i o ö u ü', ['de', 'lar', 'ı'], 'verb-final'),
  pl: latin('b c d g k l m n p r s t w z sz cz rz ł', 'a e i o u y ą ę ó', ['a', 'ów', 'ie'], 'free'),
  nl: latin('b d g h k l m n p r s t v w z sch', 'a e i o u aa ee oo ij ui', ['en', 'e', 't'], 'verb-final'),
  sv: latin('b d f g h k l m n p r s t v sk', 'a e i o u å ä ö y', ['en', 'ar', 'et'], 'free'),
  cs: latin('b c č d h k l m n p r ř s š t v z ž', 'a e i o u á é í ů y', ['a', 'ou', 'ě'], 'free'),
  fi: latin('h j k l m n p r s t v', 'a e i o u y ä ö aa ii', ['n', 'ssa', 'a'], 'free'),
  da: latin('b d f g h k l m n p r s t v', 'a e i o u æ ø å y', ['en', 'er', 'et'], 'free'),
  id: latin('b d g h j k l m n p r s t w ng ny', 'a e i o u', ['an', 'i', 'nya'], 'noun-adjective'),
  vi: latin('b c d đ g h k l m n ph th tr ng nh', 'a ă â e ê i o ô ơ u ư à á ả ạ ế ồ', ['n', 'ng', 'i'], 'noun-adjective'),
  ru: alphabet('б в г д ж з к л м н п р с т ф х ц ч ш', 'а е и о у ы я ю', ['а', 'ом', 'ы'], 'free', CYRILLIC_ABLAUT),
  uk: alphabet('б в г ґ д ж з к л м н п р с т ф х ц ч ш', 'а е и і ї о у я ю є', ['а', 'ом', 'і'], 'free', CYRILLIC_ABLAUT),
  el: alphabet('β γ δ ζ θ κ λ μ ν ξ π ρ σ τ φ χ', 'α ε η ι ο υ ω ά έ ί ό', ['ος', 'η', 'ες'], 'free'),
  he: alphabet('ב ג ד ה ז ח ט כ ל מ נ ס ע פ צ ק ר ש ת', 'ו י א', ['ים', 'ות', 'ה'], 'noun-adjective'),
  ar: alphabet('ب ت ث ج ح خ د ذ ر ز س ش ص ط ع غ ف ق ك ل م ن ه', 'ا و ي', ['ات', 'ون', 'ة'], 'noun-adjective'),
  hi: alphabet('क ख ग घ च ज ट ड त द न प ब भ म य र ल व स ह', 'ा ि ी ु ू े ो', ['ों', 'ें', 'ा'], 'verb-final'),
  ja: {
    onsets: [''],
    nuclei: split('カ キ ク ケ コ サ シ ス セ ソ タ チ ツ テ ト ナ ニ ヌ ネ ノ ハ ヒ フ ヘ ホ マ ミ ム メ モ ラ リ ル レ ロ ン'),
    endings: ['は', 'を', 'に'],
    density: 0.5,
    order: 'verb-final',
    unspaced: true,
    punctuation: { '.': '。', ',': '、', '?': '？', '!': '！' },
  },
  ko: { onsets: [''], nuclei: HANGUL_SYLLABLES, endings: ['은', '을', '에'], density: 0.5, order: 'verb-final' },
  zh: {
    onsets: [''],
    nuclei: [...'一是不人我在有他这中大来上国个到说为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长'],
    endings: ['的', '了', '们'],
    density: 1 / 3,
    order: 'free',
    unspaced: true,
    punctuation: { '.': '。', ',': '，', '?': '？', '!': '！' },
  },
};

/** The word shape of a target language code (every language the emulator knows has one). */
export function wordShape(code: string): WordShape {
  const shape = SHAPES[code];
  if (!shape) throw new Error(`no realistic word shape for language ${code}`);
  return shape;
}

/** The codes that have a shape, for tests. */
export const SHAPED_CODES = Object.keys(SHAPES);
