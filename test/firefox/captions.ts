/**
 * Firefox end to end: "Translate captions" on a <track> video: the figure before anything is
 * spent, the original caption at once and its translation beside it, and one request of whole cues
 * for the part of the video reached (the test build reaches 2 s ahead). Prints "N passed, N failed".
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { FIREFOX_TEST_BUILD } from '../support/build-dir';
import { startEmulator } from '../../emulator/server';
import { checks, clickInPageUi, clickMenu, inPageUiText, launchFirefox, ledger, openExtensionPage, runSuite, until } from './support';

const VIDEO_DIR = path.resolve(import.meta.dirname, '../fixtures/video');
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.webm': 'video/webm', '.vtt': 'text/vtt; charset=utf-8' };

/** The video fixtures, with byte ranges (a browser seeks in a video only then). */
async function startVideoServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const name = path.basename(new URL(req.url ?? '/', 'http://x').pathname);
    let whole: Buffer;
    try {
      whole = readFileSync(path.join(VIDEO_DIR, name));
    } catch {
      res.writeHead(404).end();
      return;
    }
    const headers = { 'Content-Type': TYPES[path.extname(name)] ?? 'application/octet-stream', 'Accept-Ranges': 'bytes' };
    const asked = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (!asked) {
      res.writeHead(200, headers).end(whole);
      return;
    }
    const start = Number(asked[1]);
    const end = asked[2] ? Math.min(Number(asked[2]), whole.length - 1) : whole.length - 1;
    res.writeHead(206, { ...headers, 'Content-Range': `bytes ${start}-${end}/${whole.length}` }).end(whole.subarray(start, end + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function main(): Promise<number> {
  const emulator = await startEmulator({ port: 0 });
  const videos = await startVideoServer();
  const firefox = await launchFirefox();
  const { check, report } = checks();
  try {
    await firefox.installExtension(FIREFOX_TEST_BUILD);
    const ext = await openExtensionPage(firefox);
    await ext.evaluate(async (url) => {
      await browser.storage.local.set({ apiKey: 'demo-pro', settings: { serviceUrl: url, targetLanguage: 'es' } });
    }, emulator.url);
    const page = await firefox.newPage();
    const overlay = () => inPageUiText(ext, 'voxlate-captions');

    await check('Firefox: "Translate captions" on a <track> video: the figure first, the original at once, the translation beside it, the cues reached paid for', async () => {
      await page.goto(`${videos.url}/captions-track.html`);
      // Sent as source text: the build tool's helpers (__name) are not defined in the page.
      await page.evaluate(`new Promise((resolve) => {
        const video = document.querySelector('video');
        video.addEventListener('seeked', () => resolve(), { once: true });
        video.currentTime = 0.5;
      })`);
      await clickMenu(ext, 'voxlate-translate-captions');
      await until('the original caption and the figure', async () => {
        const text = await overlay();
        return text.includes('The river rises at dawn.') && /About \d+ credits per minute of video; up to \d+ for the whole video\./.test(text);
      });
      if ((await ledger(emulator.url)).entries.length) throw new Error('charged before the figure was agreed to');
      await clickInPageUi(ext, page, 'button', 'Translate', 'voxlate-captions');
      // Played until the playhead passes 2.4 s, then paused (the video's events, not a clock).
      await page.evaluate(`new Promise((resolve, reject) => {
        const video = document.querySelector('video');
        video.addEventListener('timeupdate', function passed() {
          if (video.currentTime < 2.4) return;
          video.removeEventListener('timeupdate', passed);
          video.pause();
          resolve();
        });
        video.play().catch(reject);
      })`);
      await until('the translation beside the original', async () => (await overlay()).includes('[ES] Boats wait by the old bridge.'));
      const charged = (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/translate').map((e) => e.credits);
      const expected = [Math.ceil('The river rises at dawn.\n\nBoats wait by the old bridge.'.length / 10)];
      if (JSON.stringify(charged) !== JSON.stringify(expected)) throw new Error(`charged ${JSON.stringify(charged)}, expected ${JSON.stringify(expected)}`);
    });
  } finally {
    await firefox.close();
    await videos.close();
    await emulator.close();
  }
  return report();
}

runSuite(main);
