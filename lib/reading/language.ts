import { browser } from 'wxt/browser';
import { baseCode } from '../translate/languages';

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
