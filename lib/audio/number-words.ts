/**
 * How long a number takes to say: a number as written ("2019", "6.2", "18 000", "3,500") in the
 * words it is read as, roughly, in English, German, French and Spanish (others are read about as
 * long as in English). Only its length matters (word timing, lib/audio/word-timing.ts), so the
 * spelling is approximate.
 */

/** How a language reads numbers: enough to know how long a number takes to say. */
export interface NumberWords {
  /** A whole number's words ("two thousand nineteen"); `grouped` when written with its thousands marked ("3,500"). */
  say(n: number, grouped?: boolean): string;
  /** Digits read one by one. */
  digit: readonly string[];
  /** How "," and "." between digits are read when they do not group thousands ("9,4", "6.2", "4.0"). */
  comma: string;
  point: string;
  /** Whether "," is the decimal mark (and "." groups thousands). */
  decimalComma: boolean;
}

/** A number as written, in the words it is read as (for its length: approximate spelling). */
export function sayNumber(written: string, numbers: NumberWords): string {
  const parts = written.split(/([.,'’\u00a0\u202f])/u);
  // Groups of three after the first, joined by a grouping mark: one whole number ("18,000").
  const groupMark = (mark: string) => (mark === ',' ? !numbers.decimalComma : mark === '.' ? numbers.decimalComma : true);
  const runs: string[] = [parts[0]!];
  const marks: string[] = [];
  let grouping = parts[0]!.length <= 3;
  for (let i = 1; i < parts.length; i += 2) {
    const mark = parts[i]!;
    const digits = parts[i + 1]!;
    grouping &&= runs.length === 1 && groupMark(mark) && digits.length === 3;
    if (grouping) runs[0] += digits;
    else {
      marks.push(mark);
      runs.push(digits);
    }
  }
  const grouped = runs[0]!.length > parts[0]!.length;
  const first = runs[0]!;
  let said = first.length > 12 || (first.length > 1 && first.startsWith('0')) ? sayDigits(first, numbers) : numbers.say(Number(first), grouped);
  for (let i = 1; i < runs.length; i++) {
    const mark = marks[i - 1]!;
    // After a decimal mark the digits are read one by one ("six point two five").
    said += ` ${mark === ',' ? numbers.comma : numbers.point} ${sayDigits(runs[i]!, numbers)}`;
  }
  return said;
}

function sayDigits(digits: string, numbers: NumberWords): string {
  return [...digits].map((d) => numbers.digit[Number(d)] ?? d).join(' ');
}

/** Numbers' words in the languages that have them here; others are read about as long as English ones. */
export function numberWordsOf(language: string): NumberWords {
  const base = language.toLowerCase().split(/[-_]/u)[0]!;
  return NUMBER_WORDS[base] ?? NUMBER_WORDS.en!;
}

/** Whole numbers below 10^12 in words, from a language's names of units, tens and scales. */
function cardinal(n: number, sayBelow1000: (n: number) => string, scales: readonly [number, string, string][]): string {
  if (n < 1000) return sayBelow1000(n);
  for (const [size, one, many] of scales) {
    if (n < size) continue;
    const count = Math.floor(n / size);
    const rest = n % size;
    const head = count === 1 ? one : `${cardinal(count, sayBelow1000, scales)} ${many}`;
    return rest ? `${head} ${cardinal(rest, sayBelow1000, scales)}` : head;
  }
  return sayBelow1000(n);
}

const EN_UNITS = 'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(' ');
const EN_TENS = ' ten twenty thirty forty fifty sixty seventy eighty ninety'.split(' ');
const enBelow100 = (n: number) => (n < 20 ? EN_UNITS[n]! : `${EN_TENS[Math.floor(n / 10)]}${n % 10 ? ` ${EN_UNITS[n % 10]}` : ''}`);
const enBelow1000 = (n: number) => (n < 100 ? enBelow100(n) : `${EN_UNITS[Math.floor(n / 100)]} hundred${n % 100 ? ` ${enBelow100(n % 100)}` : ''}`);

const DE_UNITS = 'null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn fünfzehn sechzehn siebzehn achtzehn neunzehn'.split(' ');
const DE_TENS = ' zehn zwanzig dreißig vierzig fünfzig sechzig siebzig achtzig neunzig'.split(' ');
const deBelow100 = (n: number) => (n < 20 ? DE_UNITS[n]! : `${n % 10 ? `${DE_UNITS[n % 10]}und` : ''}${DE_TENS[Math.floor(n / 10)]}`);
const deBelow1000 = (n: number) => (n < 100 ? deBelow100(n) : `${DE_UNITS[Math.floor(n / 100)]}hundert${n % 100 ? deBelow100(n % 100) : ''}`);

const FR_UNITS = 'zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize dix-sept dix-huit dix-neuf'.split(' ');
const FR_TENS = ' dix vingt trente quarante cinquante soixante soixante quatre-vingt quatre-vingt'.split(' ');
const frBelow100 = (n: number) => {
  if (n < 20) return FR_UNITS[n]!;
  const tens = Math.floor(n / 10);
  // 70 and 90 count on from 60 and 80 ("soixante-dix-sept").
  const rest = tens === 7 || tens === 9 ? 10 + (n % 10) : n % 10;
  return rest ? `${FR_TENS[tens]}-${rest === 1 && tens < 8 ? 'et-un' : FR_UNITS[rest]}` : FR_TENS[tens]!;
};
const frBelow1000 = (n: number) => (n < 100 ? frBelow100(n) : `${n >= 200 ? `${FR_UNITS[Math.floor(n / 100)]} ` : ''}cent${n % 100 ? ` ${frBelow100(n % 100)}` : ''}`);

const ES_UNITS = 'cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis diecisiete dieciocho diecinueve veinte'.split(' ');
const ES_TENS = ' diez veinti treinta cuarenta cincuenta sesenta setenta ochenta noventa'.split(' ');
const ES_HUNDREDS = ' ciento doscientos trescientos cuatrocientos quinientos seiscientos setecientos ochocientos novecientos'.split(' ');
const esBelow100 = (n: number) => {
  if (n <= 20) return ES_UNITS[n]!;
  if (n < 30) return `veinti${ES_UNITS[n % 10]}`;
  return `${ES_TENS[Math.floor(n / 10)]}${n % 10 ? ` y ${ES_UNITS[n % 10]}` : ''}`;
};
const esBelow1000 = (n: number) => (n < 100 ? esBelow100(n) : n === 100 ? 'cien' : `${ES_HUNDREDS[Math.floor(n / 100)]}${n % 100 ? ` ${esBelow100(n % 100)}` : ''}`);

const NUMBER_WORDS: Record<string, NumberWords> = {
  en: {
    // "1950": "nineteen hundred fifty", as years are said (but "1,950": "one thousand nine hundred fifty").
    say: (n, grouped) =>
      !grouped && n >= 1100 && n < 10000 && Math.floor(n / 100) % 10 !== 0
        ? `${enBelow100(Math.floor(n / 100))} hundred${n % 100 ? ` ${enBelow100(n % 100)}` : ''}`
        : cardinal(n, enBelow1000, [
            [1e9, 'one billion', 'billion'],
            [1e6, 'one million', 'million'],
            [1e3, 'one thousand', 'thousand'],
          ]),
    digit: EN_UNITS.slice(0, 10),
    comma: 'point',
    point: 'point',
    decimalComma: false,
  },
  de: {
    say: (n) =>
      cardinal(n, deBelow1000, [
        [1e9, 'eine Milliarde', 'Milliarden'],
        [1e6, 'eine Million', 'Millionen'],
        [1e3, 'eintausend', 'tausend'],
      ]),
    digit: DE_UNITS.slice(0, 10),
    comma: 'Komma',
    point: 'Punkt',
    decimalComma: true,
  },
  fr: {
    say: (n) =>
      cardinal(n, frBelow1000, [
        [1e9, 'un milliard', 'milliards'],
        [1e6, 'un million', 'millions'],
        [1e3, 'mille', 'mille'],
      ]),
    digit: FR_UNITS.slice(0, 10),
    comma: 'virgule',
    point: 'point',
    decimalComma: true,
  },
  es: {
    say: (n) =>
      cardinal(n, esBelow1000, [
        [1e9, 'mil millones', 'mil millones'],
        [1e6, 'un millón', 'millones'],
        [1e3, 'mil', 'mil'],
      ]),
    digit: ES_UNITS.slice(0, 10),
    comma: 'coma',
    point: 'punto',
    decimalComma: true,
  },
};
