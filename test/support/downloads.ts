import { expect, type Worker } from '@playwright/test';
import { decodedAudio } from './decoded-audio';

/** Waits for the extension's download to complete; returns the saved file's path and type. */
export async function completedDownload(background: Worker): Promise<{ filename: string; mime: string }> {
  let found: { filename: string; mime: string } | undefined;
  await expect
    .poll(async () => {
      found = await background.evaluate(async () => {
        const [item] = await chrome.downloads.search({ state: 'complete' });
        return item && { filename: item.filename, mime: item.mime };
      });
      return found?.filename ?? '';
    }, { timeout: 60_000 })
    .not.toBe('');
  return found!;
}

/** Decodes an mp3 file for real and returns its duration in seconds. */
export async function decodedSeconds(path: string): Promise<number> {
  const { samples, sampleRate } = await decodedAudio(path);
  return samples.length / sampleRate;
}
