import { baseCode } from '../language';

/** Languages whose scripts say much in few characters: a translation out of them runs several times longer. */
const DENSE = new Set(['ja', 'zh', 'ko']);

/**
 * How many times longer than its source a translation may come back, in characters: a bound, not
 * the usual figure. Between alphabetic languages translations run up to about 35 % longer (English
 * into German, French or Spanish); out of Chinese, Japanese or Korean into another script, three
 * to four times; into them, shorter. An unknown source is taken at its worst.
 */
export function translationGrowthBound(source: string | null, target: string): number {
  const from = source ? baseCode(source) : null;
  if (DENSE.has(baseCode(target))) return from !== null && DENSE.has(from) ? 1.5 : 1.2;
  if (from === null || DENSE.has(from)) return 4;
  return 1.6;
}
