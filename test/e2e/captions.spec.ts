import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { connectService, expect, setSettings, test } from './fixtures';
import { chooseMenuEntry, clickAxNode, findAxNode, inPageUiText, ledger } from '../support/extension';

/*
 * "Translate captions" on a video with captions: the figure before anything is spent, the original
 * caption at once and its translation beside it, batches of whole cues only for the part reached,
 * and nothing more once paused or stopped. The test build reaches 2 s ahead (30 s for users), so
 * the 8 s fixture shows the batching.
 */

const overlay = (context: BrowserContext, page: Page) => inPageUiText(context, page, 'voxlate-captions');
const translateCharges = async (url: string) => (await ledger(url)).entries.filter((e) => e.path === '/api/v1/translate');
const costOf = (text: string) => Math.ceil(text.length / 10);

/** Plays the video until its playhead passes `seconds`, then pauses it (waits on the video's events, not a clock). */
const playUntil = (page: Page, seconds: number, rate = 1) =>
  page.evaluate(([until, playbackRate]) => new Promise<void>((resolve, reject) => {
    const video = document.querySelector('video')!;
    const check = () => {
      if (video.currentTime < until) return;
      video.removeEventListener('timeupdate', check);
      video.pause();
      resolve();
    };
    video.addEventListener('timeupdate', check);
    video.playbackRate = playbackRate;
    video.play().catch(reject);
  }), [seconds, rate] as const);

/** Seeks and waits for the seek to finish. */
const seekTo = (page: Page, seconds: number) =>
  page.evaluate((at) => new Promise<void>((resolve) => {
    const video = document.querySelector('video')!;
    video.addEventListener('seeked', () => resolve(), { once: true });
    video.currentTime = at;
  }), seconds);

/** Plays to the end at `rate` (the ended event). */
const playToEnd = (page: Page, rate: number) =>
  page.evaluate((playbackRate) => new Promise<void>((resolve, reject) => {
    const video = document.querySelector('video')!;
    video.addEventListener('ended', () => resolve(), { once: true });
    video.playbackRate = playbackRate;
    video.play().catch(reject);
  }), rate);

const VIDEO_DIR = path.resolve(import.meta.dirname, '../fixtures/video');
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.webm': 'video/webm', '.vtt': 'text/vtt; charset=utf-8' };

/** A fixture file as a server with byte ranges sends it: the browser seeks in a video only then. */
function servedFile(url: string, range: string | undefined): { status: number; headers: Record<string, string>; body: Buffer } {
  const name = path.basename(new URL(url).pathname);
  const whole = readFileSync(path.join(VIDEO_DIR, name));
  const headers = { 'Content-Type': TYPES[path.extname(name)] ?? 'application/octet-stream', 'Accept-Ranges': 'bytes' };
  const asked = /^bytes=(\d+)-(\d*)$/.exec(range ?? '');
  if (!asked) return { status: 200, headers, body: whole };
  const start = Number(asked[1]);
  const end = asked[2] ? Math.min(Number(asked[2]), whole.length - 1) : whole.length - 1;
  return { status: 206, headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${whole.length}` }, body: whole.subarray(start, end + 1) };
}

async function openVideo(f: { context: BrowserContext; pages: { url: string } }, file: string): Promise<Page> {
  const page = await f.context.newPage();
  // The fixture pages, the video and its captions, served as files (on the page server's origin).
  await page.route(`${f.pages.url}/fixtures/video/*`, (route) => route.fulfill(servedFile(route.request().url(), route.request().headers().range)));
  await page.goto(`${f.pages.url}/fixtures/video/${file}`);
  await page.evaluate(() => new Promise<void>((resolve) => {
    const video = document.querySelector('video')!;
    if (video.readyState >= 1) resolve();
    else video.addEventListener('loadedmetadata', () => resolve(), { once: true });
  }));
  return page;
}

test.describe('translate captions', () => {
  test('a <track> video: the figure first, the original at once, its translation beside it, and only the cues reached are paid for', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es' });
    const page = await openVideo({ context, pages }, 'captions-track.html');
    await seekTo(page, 0.5);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-captions', null);

    // The original shows at once, and the figure is asked about before anything is sent.
    await expect.poll(() => overlay(context, page)).toContain('The river rises at dawn.');
    await expect.poll(() => overlay(context, page)).toMatch(/About \d+ credits per minute of video; up to \d+ for the whole video\./);
    expect(await translateCharges(emulator.url)).toEqual([]);

    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Translate'));
    // Paused, nothing is needed yet; playing sends the cues within reach, and the translation joins the original.
    await playUntil(page, 2.4);
    await expect.poll(() => overlay(context, page)).toContain('[ES]');
    const text = await overlay(context, page);
    expect(text).toContain('Boats wait by the old bridge.');

    // One batch of whole cues: the two reached, not the video's four.
    const first = await translateCharges(emulator.url);
    expect(first.map((e) => e.credits)).toEqual([costOf('The river rises at dawn.\n\nBoats wait by the old bridge.')]);
    await expect.poll(() => overlay(context, page)).toContain('[ES] Boats wait by the old bridge.');

    // A seek back into what was translated costs nothing: played through again, nothing more is paid.
    await seekTo(page, 0.5);
    await expect.poll(() => overlay(context, page)).toContain('[ES] The river rises at dawn.');
    await playUntil(page, 1.5);
    expect(await overlay(context, page)).toContain('[ES] The river rises at dawn.');
    expect(await translateCharges(emulator.url)).toHaveLength(1);
  });

  test('a script-added track is translated too, follows the player into fullscreen, and Stop withdraws the rest: playing on sends nothing', async ({
    context, background, extensionId, emulator, pages,
  }) => {
    await connectService(background, emulator.url, 'demo-pro');
    await setSettings(background, { targetLanguage: 'es' });
    const page = await openVideo({ context, pages }, 'captions-script.html');
    await seekTo(page, 0.5);
    await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-captions', null);
    await expect.poll(() => overlay(context, page)).toContain('Lanterns glow on the quay.');
    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Translate'));
    await playUntil(page, 1);
    await expect.poll(() => overlay(context, page)).toContain('[ES] Lanterns glow on the quay.');
    expect(await translateCharges(emulator.url)).toHaveLength(1);

    // The player's fullscreen: our captions go inside its box (only its subtree is drawn), and come back after.
    await page.getByRole('button', { name: 'Full screen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.querySelector('voxlate-captions') != null)).toBe(true);
    expect(await overlay(context, page)).toContain('[ES] Lanterns glow on the quay.');
    await page.evaluate(() => document.exitFullscreen());
    await expect.poll(() => page.evaluate(() => document.documentElement.querySelector(':scope > voxlate-captions') != null)).toBe(true);

    await clickAxNode(context, page, await findAxNode(context, page, 'button', 'Stop'));
    await expect.poll(() => overlay(context, page)).toBe('');
    await playToEnd(page, 4);
    expect(await translateCharges(emulator.url)).toHaveLength(1);
  });
});
