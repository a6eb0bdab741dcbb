import type { BrowserContext, Frame, Page } from '@playwright/test';
import { servedVideoFile } from './video-server';

/*
 * A captioned video fixture (test/fixtures/video) opened and played in Chromium, for the specs that
 * translate or hear its captions. Each waits on the video's own events, never a clock.
 */

/** A page, or a frame of it (a player embedded from another site). */
export type VideoWhere = Page | Frame;

/** Waits until the video (of a page or frame) has its metadata. */
export const untilVideoLoaded = (where: VideoWhere, selector = 'video') =>
  where.evaluate((css) => new Promise<void>((resolve) => {
    const video = document.querySelector<HTMLVideoElement>(css)!;
    if (video.readyState >= 1) resolve();
    else video.addEventListener('loadedmetadata', () => resolve(), { once: true });
  }), selector);

/** Plays the video until its playhead passes `seconds`, then pauses it. */
export const playVideoUntil = (where: VideoWhere, seconds: number, rate = 1, selector = 'video') =>
  where.evaluate(([until, playbackRate, css]) => new Promise<void>((resolve, reject) => {
    const video = document.querySelector<HTMLVideoElement>(css)!;
    const check = () => {
      if (video.currentTime < until) return;
      video.removeEventListener('timeupdate', check);
      video.pause();
      resolve();
    };
    video.addEventListener('timeupdate', check);
    video.playbackRate = playbackRate;
    video.play().catch(reject);
  }), [seconds, rate, selector] as const);

/** Opens a video fixture page (served as files on the page server's origin, with byte ranges) once its video has its metadata. */
export async function openVideoPage(context: BrowserContext, pagesUrl: string, file: string): Promise<Page> {
  const page = await context.newPage();
  await page.route(`${pagesUrl}/fixtures/video/*`, (route) => {
    const { status, headers, body } = servedVideoFile(new URL(route.request().url()).pathname, route.request().headers().range);
    return route.fulfill({ status, headers, body });
  });
  await page.goto(`${pagesUrl}/fixtures/video/${file}`);
  await untilVideoLoaded(page);
  return page;
}
