import { browser } from 'wxt/browser';
import { createTranslator, type TranslationResult } from '../translate/translate';
import { defaultTargetLanguage } from '../translate/languages';
import { getSettings, updateSettings } from '../settings/items';
import { cachedAccount, fetchAccount, noteCreditsSpent } from './account';
import { callService } from './service';

/** Translations the user asked for: priority over reading ahead, since someone is waiting. */
const translator = createTranslator({
  translate: (request, { signal }) =>
    callService((client, abort) => client.translate(request, { signal: abort }), { paid: true, priority: 100, signal }),
  getBalance: async () => (await cachedAccount())?.credits ?? null,
  noteSpent: noteCreditsSpent,
});

/** The target language to offer: the last one chosen, else the browser's language, else English. */
export async function currentTargetLanguage(): Promise<string> {
  return defaultTargetLanguage(browser.i18n.getUILanguage(), (await getSettings()).targetLanguage);
}

/** Translates text the user chose, and remembers the target as their choice for next time. */
export async function translate(input: { text: string; target: string; source?: string | null }): Promise<TranslationResult> {
  const result = await translator.translateText(input);
  if ((await getSettings()).targetLanguage !== input.target) await updateSettings({ targetLanguage: input.target });
  // The balance is shown with every translation. It is known once the service was set up (saving
  // it reads the account); only when it is not does this ask, after the charge, so it is right.
  if (result.balance === null) {
    const account = await fetchAccount(50).catch(() => null);
    if (account) return { ...result, balance: account.credits };
  }
  return result;
}
