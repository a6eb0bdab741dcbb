/**
 * Firefox after a restart: the add-on is installed in a profile (as a person's is, not as a
 * temporary add-on), Firefox is closed and started again on that profile, and the right-click
 * entries are still there and work. Firefox drops the context menus of a persistent background
 * page when it restarts, so they must be created at every start.
 * Prints "N passed, N failed" like every suite here.
 */
import { rm } from 'node:fs/promises';
import type { Page } from 'puppeteer-core';
import { startEmulator } from '../../emulator/server';
import { startPageServer } from '../support/page-server';
import { launchOnProfile, profileWithAddon } from './profile';
import { checks, clickMenu, openExtensionPage, runSuite, selectElement, until, untilPlaying } from './support';

const MENU_IDS = ['voxlate-read-selection', 'voxlate-download-selection', 'voxlate-read-page', 'voxlate-translate-selection', 'read-from-here'];


/** Which of our menu entries exist: `update` rejects for an id that does not. */
function menusPresent(ext: Page): Promise<string[]> {
  return ext.evaluate(async (ids) => {
    const present: string[] = [];
    for (const id of ids) {
      if (await browser.contextMenus.update(id, {}).then(() => true, () => false)) present.push(id);
    }
    return present;
  }, MENU_IDS);
}

async function main(): Promise<number> {
  const emulator = await startEmulator({ port: 0 });
  const pages = await startPageServer();
  const pagesUrl = pages.url.replace('localhost', '127.0.0.1');
  const profile = await profileWithAddon('restart');
  const { check, report } = checks();
  try {
    let firefox = await launchOnProfile(profile);
    let ext = await openExtensionPage(firefox);
    await check('Firefox: the right-click entries exist after installation', async () => {
      const present = await until('menus', async () => ((await menusPresent(ext)).length === MENU_IDS.length ? menusPresent(ext) : null));
      if (present.length !== MENU_IDS.length) throw new Error(`present: ${present.join(', ')}`);
    });
    await ext.evaluate(async (url) => {
      await browser.storage.local.set({ apiKey: 'demo-pro', settings: { serviceUrl: url } });
    }, emulator.url);
    await firefox.close();

    firefox = await launchOnProfile(profile);
    try {
      ext = await openExtensionPage(firefox);
      await check('Firefox: the right-click entries are still there after a restart', async () => {
        const present = await until('menus after restart', async () => {
          const found = await menusPresent(ext);
          return found.length === MENU_IDS.length ? found : null;
        }, 15_000).catch(async () => menusPresent(ext));
        if (present.length !== MENU_IDS.length) throw new Error(`only these are left: [${present.join(', ')}]`);
      });
      await check('Firefox: after a restart, "Read aloud" from the menu reads the selection', async () => {
        const page = await firefox.newPage();
        await page.goto(`${pagesUrl}/fixtures/article.html`);
        await selectElement(page, '#first');
        await clickMenu(ext, 'voxlate-read-selection');
        await untilPlaying(ext);
      });
    } finally {
      await firefox.close();
    }
  } finally {
    await pages.close();
    await emulator.close();
    await rm(profile, { recursive: true, force: true });
  }
  return report();
}

runSuite(main);
