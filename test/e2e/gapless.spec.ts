import type { BrowserContext, Worker } from '@playwright/test';
import type { Emulator } from '../../emulator/server';
import type { PageServer } from '../support/page-server';
import { connectService, expect, setSettings, test } from './fixtures';
import { chooseMenuEntry, readingSession, selectText, waitForStatus } from '../support/extension';
import { decodeInBrowser, endToEnd, measurePauses, readingChunks, recordedPlayback, servedMp3, type PauseMeasure } from '../support/gaps';

test.describe('gapless reading', () => {
  test.setTimeout(300_000);

  /** The offscreen player document's id: a new one means the player was started again. */
  const playerDocument = (background: Worker) =>
    background.evaluate(async () => (await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT] }))[0]?.documentId ?? null);

  /**
   * Reads the selection of `selector` on the article to its end; the pauses heard against the
   * chunks' own audio. Headless Chrome closes an offscreen player after 30 s whatever it plays
   * (it cannot hear it), and the reading goes on in a new one: a reading that took that long (a
   * loaded machine) was not recorded whole, so it is read again, its audio now cached.
   */
  async function readAndMeasure(
    f: { context: BrowserContext; background: Worker; extensionId: string; emulator: Emulator; pages: PageServer },
    selector: string,
  ): Promise<{ pauses: PauseMeasure[]; chunks: number; gapsMs: number[]; schedule: { chunk: number; start: number; end: number }[]; speechSec: number[] }> {
    const { context, background, extensionId, emulator, pages } = f;
    await connectService(background, emulator.url, 'demo-pro');
    // Spoken at twice the pace by the service (the chunks' own audio, nothing stretched): the
    // reading lasts about 10 s, well inside headless Chrome's 30 s for a player even on a busy machine.
    await setSettings(background, { speed: 2 });
    for (let attempt = 1; ; attempt++) {
      const page = await context.newPage();
      await page.goto(`${pages.url}/fixtures/article.html`);
      await selectText(page, selector);
      await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
      await waitForStatus(background, 'playing');
      const player = await playerDocument(background);
      const reading = (await readingChunks(background))!;
      await expect.poll(() => readingSession(background), { timeout: 90_000, intervals: [500] }).toBeNull();
      const playback = player !== null && (await playerDocument(background)) === player ? await recordedPlayback(background) : null;
      if (!playback) {
        test.info().annotations.push({ type: 'player started again', description: `attempt ${attempt}: the reading outlived headless Chrome's 30 s for an offscreen player` });
        expect(attempt, 'attempts to record a reading in one player').toBeLessThan(3);
        await page.close();
        continue;
      }
      const output = playback.output;
      expect(output.firstSound).not.toBeNull();
      // The reference: the very mp3 the player got, decoded by this browser at the player's rate, end to end.
      const files = await Promise.all(reading.chunks.map((text) => servedMp3(text, reading.params)));
      const reference = endToEnd(await decodeInBrowser(page, files, output.sampleRate), output.sampleRate);
      const pauses = measurePauses(reference, output);
      test.info().annotations.push({ type: 'pauses', description: JSON.stringify(pauses.map((p) => ({ ...p, at: +p.at.toFixed(3) }))) });
      test.info().annotations.push({ type: 'late chunks (ms the player waited)', description: JSON.stringify(playback.gapsMs) });
      const speechSec = reference.joins.map((end, i) => end - (reference.joins[i - 1] ?? 0)).concat((reference.audio.length / reference.rate) - (reference.joins.at(-1) ?? 0));
      return { pauses, chunks: reading.chunks.length, gapsMs: playback.gapsMs, schedule: playback.schedule, speechSec };
    }
  }

  /**
   * What holds on any machine, however busy: the player schedules each chunk's speech alone (its
   * encoder delay and padding cut) and each chunk at the end of the one before, unless that one's
   * audio was late, which it reports and recovers from. What a listener hears at each join (the
   * issue's target, < 5 ms) is measured by the benchmark (bench/gaps.ts) on a quiet machine: on a
   * loaded one the audio thread itself can fall behind (CI once heard 143 ms at a join the player
   * had scheduled back to back), so the heard pauses are only recorded here, as annotations.
   */
  test('chunks join without encoder silence: each chunk is scheduled as its speech alone, at the end of the one before unless it was late (reported)', async ({ context, background, extensionId, emulator, pages }) => {
    const { chunks, gapsMs, schedule, speechSec } = await readAndMeasure({ context, background, extensionId, emulator, pages }, 'article');
    expect(chunks).toBeGreaterThanOrEqual(3);
    // Every join was reached and reported (0 when the next chunk was ready in time), and the reading recovered from any late one.
    expect(gapsMs).toHaveLength(chunks - 1);
    expect(schedule.map((s) => s.chunk)).toEqual([...Array(chunks).keys()]);
    for (let i = 0; i < chunks; i++) {
      // The chunk's speech as the browser decodes it (delay and padding cut), not a sample more:
      // untrimmed, each would last 50–80 ms longer.
      const { start, end } = schedule[i]!;
      expect(Math.abs(end - start - speechSec[i]!) * 1000, `chunk ${i}: scheduled for ${((end - start) * 1000).toFixed(1)} ms, its speech lasts ${(speechSec[i]! * 1000).toFixed(1)} ms`).toBeLessThan(1);
      if (i === 0) continue;
      // Back to back, or later by exactly what the player reports it waited for a late chunk.
      const waitedMs = (start - schedule[i - 1]!.end) * 1000;
      expect(Math.abs(waitedMs - gapsMs[i - 1]!), `join after chunk ${i - 1}: ${waitedMs.toFixed(3)} ms between, ${gapsMs[i - 1]} ms reported`).toBeLessThan(0.01);
    }
  });

  test('where the service does not say how much encoder silence there is, each chunk is scheduled with it: 26–78 ms beyond its speech', async ({ context, background, extensionId, emulator, pages }) => {
    await fetch(`${emulator.url}/__emulator/config`, { method: 'PATCH', body: JSON.stringify({ mp3LameTag: false }) });
    try {
      const { chunks, schedule, speechSec } = await readAndMeasure({ context, background, extensionId, emulator, pages }, '#first');
      expect(chunks).toBe(2);
      expect(schedule.map((s) => s.chunk)).toEqual([0, 1]);
      // 576 + 529 samples of delay and 47 to 622 of padding at 22,050 Hz: 52 to 78 ms per chunk,
      // 26 to 52 ms where the browser's decoder cuts its own 529 samples even without a tag.
      for (let i = 0; i < chunks; i++) {
        const encoderMs = (schedule[i]!.end - schedule[i]!.start - speechSec[i]!) * 1000;
        expect(encoderMs, `chunk ${i}`).toBeGreaterThan(24);
        expect(encoderMs, `chunk ${i}`).toBeLessThan(85);
      }
    } finally {
      await fetch(`${emulator.url}/__emulator/config`, { method: 'PATCH', body: JSON.stringify({ mp3LameTag: true }) });
    }
  });
});
