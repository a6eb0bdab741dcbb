/**
 * Firefox end to end: a long chunk slowed down is stretched off the background page's thread (in
 * the stretch worker, a slice at a time): the background page, which is Firefox's player and
 * every other extension task, answers while the slowed-down audio is still being made.
 * Prints "N passed, N failed" like every suite here.
 */
import { FIREFOX_TEST_BUILD } from '../support/build-dir';
import type { Page } from 'puppeteer-core';
import { startEmulator } from '../../emulator/server';
import { startPageServer } from '../support/page-server';
import { byLabel, byRole, checks, clickMenu, launchFirefox, openExtensionPage, runSuite, stopAndSettle, until, untilPlaying } from './support';

const EXTENSION = FIREFOX_TEST_BUILD;

interface Stretch {
  chunk: number;
  rate: number;
  madeSec: number;
  totalSec: number;
}

/** The player's stretches (test build), asked of the background page as the benchmark asks: @webext-core/messaging's wire format. */
function stretches(ext: Page): Promise<Stretch[]> {
  return ext.evaluate(async () => {
    const answer = (await browser.runtime.sendMessage({ id: 1, type: 'getPlayerStats', timestamp: Date.now() })) as {
      res?: { value?: { stretches?: Stretch[] } | null };
    };
    return answer?.res?.value?.stretches ?? [];
  });
}

/** The stored reading's status and sentence. */
function position(ext: Page): Promise<{ status: string; sentence: number; speed: number } | null> {
  return ext.evaluate(async () => {
    const { reading } = (await browser.storage.session.get('reading')) as {
      reading?: { plan: { params: { speed: number } }; position?: { status: string; sentence: number } } | null;
    };
    return reading?.position ? { ...reading.position, speed: reading.plan.params.speed } : null;
  });
}

async function main(): Promise<number> {
  const emulator = await startEmulator({ port: 0 });
  const pages = await startPageServer();
  const pagesUrl = pages.url.replace('localhost', '127.0.0.1');
  const firefox = await launchFirefox();
  const suite = checks();
  try {
    await firefox.installExtension(EXTENSION);
    const ext = await openExtensionPage(firefox);
    await ext.evaluate(async (url) => {
      await browser.storage.local.set({ apiKey: 'demo-pro', settings: { serviceUrl: url, confirmAboveCredits: 100_000, speed: 1 } });
    }, emulator.url);
    const page = await firefox.newPage();
    await page.goto(`${pagesUrl}/fixtures/long-read.html`);
    await clickMenu(ext, 'voxlate-read-page');

    await suite.check('Firefox: a long chunk slowed to 0.5×: the pause is answered while its audio is still being made, and the reading plays on at 0.5×', async () => {
      await untilPlaying(ext);
      // The popup, opened now, shows the reading under way.
      const popup = await openExtensionPage(firefox);
      const speed = await byLabel(popup, 'Reading speed');
      await speed.select('0.5');
      // A long chunk's stretch under way (the first chunks are a sentence or two: each is made whole at once);
      // more than the 10 s the player makes ahead of the playhead.
      const long = (s: Stretch) => s.rate === 0.5 && s.totalSec > 20;
      await until('a long chunk being slowed down', async () => (await stretches(ext)).some(long), 60_000);
      await (await byRole(popup, 'button', 'Pause')).click();
      await until('paused', async () => (await position(ext))?.status === 'paused');
      const atPause = (await stretches(ext)).filter((s) => s.rate === 0.5);
      if (!atPause.filter(long).some((s) => s.madeSec < s.totalSec)) throw new Error(`the stretch was all made before the pause was answered: ${JSON.stringify(atPause)}`);
      const made = (all: Stretch[]) => all.filter((s) => s.rate === 0.5).reduce((sum, s) => sum + s.madeSec, 0);
      const madeAtPause = made(atPause);
      const at = (await position(ext))!.sentence;
      await (await byRole(popup, 'button', 'Resume')).click();
      await until('the reading plays on at 0.5×', async () => {
        const now = await position(ext);
        return now?.status === 'playing' && now.speed === 0.5 && now.sentence >= at + 2;
      }, 90_000).catch(async (error: unknown) => {
        throw new Error(`${String(error)}; at ${at}, now ${JSON.stringify(await position(ext))}`);
      });
      await until('more of the slowed-down audio made as it plays', async () => made(await stretches(ext)) > madeAtPause, 60_000);
      await stopAndSettle(ext);
    });
  } finally {
    await firefox.close();
    await pages.close();
    await emulator.close();
  }
  return suite.report();
}

runSuite(main);
