import { storage } from '#imports';
import { z } from 'zod';

/**
 * What a "Fix pronunciation of …" from a page's menu asks the options page to fill in: the word and
 * the page's site. Handed over in session storage (memory only), never in the options page's
 * address: that would put a private window's site and selection in the normal window's history.
 */
export const pronunciationAskedSchema = z.object({
  write: z.string().trim().max(100),
  site: z.string().trim().max(253),
});
export type PronunciationAsked = z.infer<typeof pronunciationAskedSchema>;

const askedItem = storage.defineItem<PronunciationAsked | null>('session:pronunciationAsked', { fallback: null });

/** The address the options page opens at for such a request. */
export const PRONUNCIATION_ANCHOR = 'pronunciation';

/** Hands `asked` to the next options page opened at the Pronunciation section. */
export async function askPronunciation(asked: PronunciationAsked): Promise<void> {
  await askedItem.setValue(pronunciationAskedSchema.parse(asked));
}

/** Takes what was asked (once: a later options page opens empty); null when nothing was. */
export async function takePronunciationAsked(): Promise<PronunciationAsked | null> {
  const asked = pronunciationAskedSchema.nullable().catch(null).parse(await askedItem.getValue());
  if (asked) await askedItem.removeValue();
  return asked;
}
