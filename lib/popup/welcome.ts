import { browser, type Browser } from 'wxt/browser';
import { baseCode } from '../language';

/** The welcome page: connect the service, try it on a sample, where the shortcuts and options are. */
export const WELCOME_PATH = '/welcome.html';

/** Opens the welcome page in a new tab (after install, and from the popup when nothing is set up). */
export async function openWelcome(): Promise<void> {
  await browser.tabs.create({ url: browser.runtime.getURL(WELCOME_PATH) });
}

/**
 * The worker's `runtime.onInstalled` listener: the welcome page once, on a new install; never on
 * an update or a browser update (the user has set things up by then).
 */
export async function welcomeOnInstall(details: Browser.runtime.InstalledDetails): Promise<void> {
  if (details.reason === 'install') await openWelcome();
}

/**
 * The language the sample is translated into: the user's target language, unless that is the
 * sample's own (the UI language), then English, or Spanish for an English reader.
 */
export function sampleTarget(uiLanguage: string, target: string): string {
  const sample = baseCode(uiLanguage);
  if (baseCode(target) !== sample) return baseCode(target);
  return sample === 'en' ? 'es' : 'en';
}
