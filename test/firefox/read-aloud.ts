/**
 * Firefox end to end: the built extension (test build) in Debian's firefox-esr, driven over
 * WebDriver BiDi with puppeteer-core (Playwright's Firefox needs a patched build that cannot be
 * installed here). It reads a selection aloud: the page script reads it, the background page
 * (Firefox's player: no offscreen documents there) plays it, and the sentence is highlighted.
 * Prints "N passed, N failed" like every suite here.
 */
import { FIREFOX_TEST_BUILD } from '../support/build-dir';
import type { Page } from 'puppeteer-core';
import { startEmulator } from '../../emulator/server';
import { decodeInBrowser, servedAudio } from '../support/gaps';
import { startPageServer } from '../support/page-server';
import { ownPageUrl } from '../support/pages';
import { checks, clickInPageUi, clickMenu, inPageUiText, launchFirefox, ledger, openExtensionPage, runSuite, selectElement, stopAndSettle, until, untilPlaying } from './support';

const EXTENSION = FIREFOX_TEST_BUILD;

/** Adds a paragraph to the sample article (a text not heard yet: cached audio sends nothing); returns its selector. */
async function addParagraph(page: Page, text: string): Promise<string> {
  const id = await page.evaluate((t: string) => {
    const p = document.createElement('p');
    p.id = `added-${document.querySelectorAll('[id^="added-"]').length}`;
    p.textContent = t;
    document.querySelector('article')!.append(p);
    return p.id;
  }, text);
  return `#${id}`;
}

/** What the test build's hooks say: requests with the service or queued, readings still starting, and whether one is under way. */
async function hooks(ext: Page): Promise<{ active: number; waiting: number; starting: number; reading: boolean }> {
  return ext.evaluate(async () => {
    const background = (await browser.runtime.getBackgroundPage()) as unknown as { voxlateTestHooks: { requestsUnderWay(): { active: number; waiting: number }; startsUnderWay(): number } };
    const { reading } = await browser.storage.session.get('reading');
    return { ...background.voxlateTestHooks.requestsUnderWay(), starting: background.voxlateTestHooks.startsUnderWay(), reading: Boolean(reading) };
  });
}

/**
 * Sets the confirmation threshold; `forgetPrice`: as on a fresh install, the price of speech not
 * learned yet; `learnedPerChar`: as if this price of speech (credits per character at `serviceUrl`)
 * had been learned over many readings, so what a check asks about does not depend on what the
 * checks before it happened to teach.
 */
async function setThreshold(ext: Page, credits: number, { forgetPrice = false, learned }: { forgetPrice?: boolean; learned?: { serviceUrl: string; perChar: number } } = {}): Promise<void> {
  await ext.evaluate(
    async (threshold, forget, price) => {
      if (forget || price) await browser.storage.local.remove(['speechPrice', 'spendWindow']);
      if (price) await browser.storage.local.set({ speechPrice: { serviceUrl: price.serviceUrl, byFormat: { mp3: { credits: price.perChar * 100_000, chars: 100_000, requests: 100 } } } });
      const { settings } = await browser.storage.local.get('settings');
      await browser.storage.local.set({ settings: { ...(settings as object), confirmAboveCredits: threshold } });
    },
    credits,
    forgetPrice,
    learned ?? null,
  );
}

async function main(): Promise<number> {
  const emulator = await startEmulator({ port: 0 });
  const pages = await startPageServer();
  // The Firefox test build may reach 127.0.0.1 (as the Chrome one does), so no toolbar click is
  // needed to let it act on the page: Firefox offers no headless way to make one.
  const pagesUrl = pages.url.replace('localhost', '127.0.0.1');
  // Not named `browser`: that is the WebExtension global the evaluated functions below use.
  const firefox = await launchFirefox();
  const suite = checks();
  try {
    await firefox.installExtension(EXTENSION);
    const ext = await openExtensionPage(firefox);
    await ext.evaluate(async (url) => {
      await browser.storage.local.set({ apiKey: 'demo-pro', settings: { serviceUrl: url } });
    }, emulator.url);

    const page = await firefox.newPage();
    await page.goto(`${pagesUrl}/fixtures/article.html`);
    await selectElement(page, '#first');
    // Every word lit, in order, as the page shows them (a string: tsx would wrap named functions
    // in a helper the page does not have).
    await page.evaluate(`(() => {
      const seen = (window.__voxlateWordsLit = []);
      const look = () => {
        const highlight = CSS.highlights.get('voxlate-word');
        const text = highlight && highlight.size > 0 ? [...highlight][0].toString() : null;
        if (text && seen.at(-1) !== text) seen.push(text);
      };
      setInterval(look, 10);
    })()`);
    await clickMenu(ext, 'voxlate-read-selection');

    await suite.check('Firefox: a selection is read aloud by the background page player', () => untilPlaying(ext));
    await suite.check('Firefox: the first request is the first sentence, in English', async () => {
      const log = (await (await fetch(`${emulator.url}/__emulator/log`)).json()) as { requests: { path: string; textStart: string; language: string; status: number }[] };
      const first = log.requests.find((r) => r.path === '/api/v1/tts' && r.textStart === 'The morning was cool and bright.');
      if (!first || first.language !== 'en' || first.status !== 200) throw new Error(JSON.stringify(log.requests));
    });
    await suite.check('Firefox: the sentence being read is highlighted', () =>
      until('highlight', () =>
        page.evaluate(() => {
          const highlight = CSS.highlights.get('voxlate-reading');
          return highlight ? [...highlight].map((r) => (r as Range).toString()).join('') : null;
        }),
      ),
    );
    await suite.check('Firefox: the word being spoken is lit over the sentence, one after another in their order', async () => {
      const words = ['The', 'morning', 'was', 'cool', 'and', 'bright'];
      const seen = await until('several words lit', async () => {
        const lit = (await page.evaluate('window.__voxlateWordsLit')) as string[];
        return lit.filter((w) => words.includes(w)).length >= 3 ? lit : null;
      }, 30_000);
      let at = 0;
      for (const word of seen.slice(0, seen.findIndex((w) => !words.includes(w)) >>> 0)) {
        const next = words.indexOf(word, at);
        if (next < 0) throw new Error(`out of order: ${seen.join(' | ')}`);
        at = next + 1;
      }
    });
    await suite.check('Firefox: the in-page player is on the page while it is read (its own script, injected then)', () =>
      until('in-page player', () => page.evaluate(() => document.documentElement.querySelector(':scope > voxlate-player') !== null)),
    );
    await suite.check('Firefox: its decoder cuts an mp3\'s encoder delay and padding (LAME tag), so chunks join without them', async () => {
      // Headless firefox-esr has no audio device here (its AudioContext's clock stands still), so the
      // player's output cannot be recorded as in Chromium; what it is given to play can be checked.
      const params = { voiceId: 'en-amelia', language: 'en', speed: 1 };
      const text = 'The morning was cool and bright.';
      const speech = (await servedAudio(text, params, 'wav')).length / 2 - 22;
      const [tagged, untagged] = await decodeInBrowser(ext, [await servedAudio(text, params, 'mp3'), await servedAudio(text, params, 'mp3 without tag')], 22050);
      if (tagged!.length !== speech || untagged!.length <= speech + 1100) throw new Error(`speech ${speech} samples; decoded ${tagged!.length} with the tag, ${untagged!.length} without`);
    });
    await suite.check('Firefox: restarting the same text while its first part is on the wire pays for it once', async () => {
      // The reading before (the audio clock runs) must not pay into this check's ledger.
      await stopAndSettle(ext);
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      // A text not heard yet (nothing cached), whose first sentence takes 3 s to come back.
      await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'slow', path: '/api/v1/tts', delayMs: 3000 }) });
      await selectElement(page, '#second');
      await clickMenu(ext, 'voxlate-read-selection');
      await new Promise((r) => setTimeout(r, 1000));
      await clickMenu(ext, 'voxlate-read-selection');
      await untilPlaying(ext);
      await until('every part answered', async () => {
        const { requests } = (await (await fetch(`${emulator.url}/__emulator/log`)).json()) as { requests: { path: string }[] };
        return requests.filter((r) => r.path === '/api/v1/tts').length >= 2;
      });
      const { requests } = (await (await fetch(`${emulator.url}/__emulator/log`)).json()) as { requests: { path: string; textStart: string; status: number }[] };
      const tts = requests.filter((r) => r.path === '/api/v1/tts');
      const { entries } = (await (await fetch(`${emulator.url}/__emulator/ledger`)).json()) as { entries: { textStart: string; credits: number }[] };
      const starts = entries.map((e) => e.textStart);
      if (new Set(starts).size !== starts.length || tts.some((r) => r.status !== 200) || entries.length !== tts.length) {
        throw new Error(`paid twice or dropped: ${JSON.stringify({ tts, entries })}`);
      }
    });
    await suite.check('Firefox: a page above the threshold is asked about at the price its first requests showed; nothing more leaves until agreed, then each part is paid once', async () => {
      // The reading before (the audio clock runs) must not pay into this check's ledger.
      await stopAndSettle(ext);
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      // As on a fresh install: the price of speech not learned yet; a low threshold.
      await setThreshold(ext, 20, { forgetPrice: true });
      await page.goto(`${pagesUrl}/fixtures/river.html`);
      await clickMenu(ext, 'voxlate-read-page');
      const asked = await until('the question', async () => /Reading the rest aloud will cost up to [\d,]+ credits/.exec(await inPageUiText(ext))?.[0], 60_000);
      const first = (await ledger(emulator.url)).entries;
      const spent = first.reduce((sum, e) => sum + e.credits, 0);
      if (first.length === 0 || spent > 20) throw new Error(`before the question: ${JSON.stringify(first)}`);
      const label = /Read aloud \(up to [\d,]+ credits\)/.exec(await inPageUiText(ext))![0];
      if ((await ledger(emulator.url)).entries.length !== first.length) throw new Error(`sent while asking (${asked})`);
      await clickInPageUi(ext, page, 'button', label);
      await untilPlaying(ext);
      await until('the reading paying for more', async () => (await ledger(emulator.url)).entries.length > first.length);
      const starts = (await ledger(emulator.url)).entries.map((e) => e.textStart);
      if (new Set(starts).size !== starts.length) throw new Error(`paid twice: ${JSON.stringify(starts)}`);
    });
    await suite.check('Firefox: Previous before where a "from here" reading started asks first with the figure, sends nothing meanwhile, and buys that part within it once agreed', async () => {
      // The reading before (the audio clock runs) must not pay into this check's ledger.
      await stopAndSettle(ext);
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      // Speech priced at the contract's translation price, as if learned: a sentence is above a 1-credit threshold.
      await setThreshold(ext, 1, { learned: { serviceUrl: emulator.url, perChar: 0.1 } });
      await page.goto(`${pagesUrl}/fixtures/long-read.html`);
      // The caret in the last paragraph: the reading starts at its sentence.
      const last = await page.evaluate(() => {
        const p = [...document.querySelectorAll('p')].find((e) => e.textContent!.includes('At the very end of the story'))!;
        getSelection()!.collapse(p.firstChild, 3);
        return p.textContent!.replace(/\s+/g, ' ');
      });
      await clickMenu(ext, 'read-from-here');
      // Above a 1-credit threshold even the last paragraph is asked about: agreed to.
      await clickInPageUi(ext, page, 'button', await until('the reading asked about', async () => /Read aloud \((about|up to) [\d,]+ credits\)/.exec(await inPageUiText(ext))?.[0]));
      await untilPlaying(ext);
      const ofLast = (textStart: string) => last.includes(textStart.slice(0, 60));
      await clickInPageUi(ext, page, 'button', 'Previous sentence', 'voxlate-player');
      const label = await until('the question', async () => /Read from there \((about|up to) [\d,]+ credits\)/.exec(await inPageUiText(ext))?.[0]);
      const shown = Number(/([\d,]+) credits/.exec(label)![1]!.replace(/,/g, ''));
      const before = (await ledger(emulator.url)).entries;
      if (shown <= 1 || before.some((e) => !ofLast(e.textStart))) throw new Error(`asked ${label} after ${JSON.stringify(before)}`);
      await clickInPageUi(ext, page, 'button', label);
      const bought = await until('the part before bought', async () => {
        const earlier = (await ledger(emulator.url)).entries.filter((e) => !ofLast(e.textStart));
        return earlier.length > 0 ? earlier : null;
      });
      const paid = bought.reduce((sum, e) => sum + e.credits, 0);
      if (paid > shown) throw new Error(`${paid} credits for the part before, ${shown} shown`);
      await ext.evaluate(async () => {
        const background = (await browser.runtime.getBackgroundPage()) as unknown as { voxlateTestHooks: { onCommand: (c: string) => boolean } };
        background.voxlateTestHooks.onCommand('stop-reading');
      });
    });
    await suite.check('Firefox: a reading the service charged and then failed offers "Retry from here" with its figure; nothing leaves until pressed, then no more than it', async () => {
      // The reading before (the audio clock runs) must not pay into this check's ledger.
      await stopAndSettle(ext);
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      await setThreshold(ext, 100_000);
      await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'charged-error', path: '/api/v1/tts', times: 1 }) });
      await page.goto(`${pagesUrl}/fixtures/article.html`);
      // A text not heard yet in this suite (audio heard before comes from the cache, unpaid).
      await selectElement(page, await addParagraph(page, 'Rain began to fall over the harbour. The boats rocked gently at their moorings.'));
      await clickMenu(ext, 'voxlate-read-selection');
      const label = await until('the retry', async () => /Retry from here \((about|up to) [\d,]+ credits?\)/.exec(await inPageUiText(ext))?.[0], 30_000).catch(async (error: unknown) => {
        throw new Error(`${String(error)}; the page shows: ${await inPageUiText(ext)}; requests: ${JSON.stringify((await ledger(emulator.url)).entries)}`);
      });
      const figure = Number(/([\d,]+) credit/.exec(label)![1]!.replace(/,/g, ''));
      const before = (await ledger(emulator.url)).entries;
      if (before.length !== 1) throw new Error(`before the retry: ${JSON.stringify(before)}`);
      await clickInPageUi(ext, page, 'button', label);
      await untilPlaying(ext);
      const after = await until('the retry paid', async () => {
        const entries = (await ledger(emulator.url)).entries.slice(1);
        return entries.length > 0 ? entries : null;
      });
      const paid = after.reduce((sum, e) => sum + e.credits, 0);
      if (paid > figure || !after[0]!.textStart.startsWith('Rain began')) throw new Error(`${paid} credits after "${label}": ${JSON.stringify(after)}`);
      await ext.evaluate(async () => {
        const background = (await browser.runtime.getBackgroundPage()) as unknown as { voxlateTestHooks: { onCommand: (c: string) => boolean } };
        background.voxlateTestHooks.onCommand('stop-reading');
      });
    });
    await suite.check('Firefox: out of credits, the notice\'s "Top up credits" opens the service\'s dashboard (its own address by default)', async () => {
      // The reading before (the audio clock runs) must not pay into this check's ledger.
      await stopAndSettle(ext);
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      await fetch(`${emulator.url}/__emulator/accounts`, { method: 'POST', body: JSON.stringify({ key: 'demo-pro', credits: 0 }) });
      await selectElement(page, await addParagraph(page, 'The lighthouse keeper climbed the stairs before dawn.'));
      await clickMenu(ext, 'voxlate-read-selection');
      await until('the notice', async () => (await inPageUiText(ext)).includes('Top up credits'), 30_000);
      await clickInPageUi(ext, page, 'button', 'Top up credits');
      const origin = new URL(emulator.url).origin;
      await until('the dashboard tab', () => ext.evaluate(async (o) => (await browser.tabs.query({})).some((t) => t.url === `${o}/`), origin));
      // Closed again: the next checks act on the page's tab.
      await ext.evaluate(async (o) => {
        for (const tab of await browser.tabs.query({})) if (tab.url === `${o}/`) await browser.tabs.remove(tab.id!);
      }, origin);
      // The reading before (the audio clock runs) must not pay into this check's ledger.
      await stopAndSettle(ext);
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
    });
    await suite.check('Firefox: a pronunciation pair changes what is sent and paid for, not what the page shows', async () => {
      // The reading before (the audio clock runs) must not pay into this check's ledger.
      await stopAndSettle(ext);
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      await ext.evaluate(async () => {
        const { settings } = await browser.storage.local.get('settings');
        await browser.storage.local.set({ settings: { ...(settings as object), pronunciations: [{ write: 'keeper', say: 'kiper', language: null, site: null }] } });
      });
      await page.goto(`${pagesUrl}/fixtures/article.html`);
      const written = 'The harbour keeper rang the bell twice.';
      await selectElement(page, await addParagraph(page, written));
      await clickMenu(ext, 'voxlate-read-selection');
      const paid = await until('the sentence paid', async () => (await ledger(emulator.url)).entries.find((e) => e.textStart.startsWith('The harbour')), 30_000);
      if (!paid.textStart.startsWith('The harbour kiper rang')) throw new Error(`sent: ${paid.textStart}`);
      const shown = await until('the sentence lit', () =>
        page.evaluate(() => {
          const highlight = CSS.highlights.get('voxlate-reading');
          return highlight && highlight.size > 0 ? [...highlight].map((r) => (r as Range).toString()).join('') : null;
        }),
      );
      if (shown !== written) throw new Error(`lit: ${shown}`);
      await ext.evaluate(async () => {
        const background = (await browser.runtime.getBackgroundPage()) as unknown as { voxlateTestHooks: { onCommand: (c: string) => boolean } };
        background.voxlateTestHooks.onCommand('stop-reading');
        const { settings } = await browser.storage.local.get('settings');
        await browser.storage.local.set({ settings: { ...(settings as object), pronunciations: [] } });
      });
    });
    await suite.check('Firefox: a report is read with its table cells under their column, its code as a short note, without its photo credit; what is sent is what was planned', async () => {
      // The reading before (the audio clock runs) must not pay into this check's ledger.
      await stopAndSettle(ext);
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      await setThreshold(ext, 100_000);
      await page.goto(`${pagesUrl}/fixtures/harbour-report.html`);
      await clickMenu(ext, 'voxlate-read-page');
      const planned = await until('the reading planned', () =>
        ext.evaluate(async () => {
          const { reading } = (await browser.storage.session.get('reading')) as { reading?: { plan: { chunks: { text: string }[] } } | null };
          return reading?.plan.chunks.map((c) => c.text) ?? null;
        }),
      ).catch(async (error: unknown) => {
        throw new Error(`${String(error)}; the page said: ${await inPageUiText(ext).catch(() => '')}`);
      });
      const said = planned.join(' ');
      for (const part of ['Boats: 1,204', 'Catch: 2,450 tonnes', 'Code left out.', 'harbour-count on the office computers', 'each morning is code and nothing more']) {
        if (!said.includes(part)) throw new Error(`"${part}" not in: ${said}`);
      }
      if (/arrivals|Photograph|IMG_2034/.test(said)) throw new Error(`left in: ${said}`);
      const paid = await until('its first request paid', async () => (await ledger(emulator.url)).entries[0]);
      if (!planned.some((text) => text.startsWith(paid.textStart))) throw new Error(`paid for ${paid.textStart}`);
      await stopAndSettle(ext);
    });
    await suite.check('Firefox: a page reading starts with the headline the page shows, lit while heard, not the title with its author and plain quotes; a page whose article the finder misses is read from its largest visible block', async () => {
      const cases = [
        { name: 'byline-title', headline: 'Why “slow TV” isn’t dead yet', then: 'Ten years ago the networks said' },
        { name: 'print-edition', headline: 'Harbour board gives the old ferry terminal until spring', then: 'The harbour board met on Tuesday night' },
      ];
      for (const { name, headline, then } of cases) {
        await stopAndSettle(ext);
        await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
        await setThreshold(ext, 100_000);
        await page.goto(`${pagesUrl}/fixtures/pages/${name}.html`);
        await clickMenu(ext, 'voxlate-read-page');
        const planned = await until(`${name}: the reading planned`, () =>
          ext.evaluate(async () => {
            const { reading } = (await browser.storage.session.get('reading')) as { reading?: { plan: { chunks: { text: string }[] } } | null };
            return reading?.plan.chunks.map((c) => c.text).join(' ') ?? null;
          }).then((plan) => (plan?.includes(then) ? plan : null)),
        ).catch(async (error: unknown) => {
          throw new Error(`${String(error)}; the page said: ${await inPageUiText(ext).catch(() => '')}`);
        });
        if (!planned.startsWith(headline) || !planned.includes(then) || planned.split(headline).length !== 2) throw new Error(`${name}: planned ${planned.slice(0, 200)}`);
        const paid = await until(`${name}: its first request paid`, async () => (await ledger(emulator.url)).entries[0]);
        if (!paid.textStart.startsWith(headline)) throw new Error(`${name}: paid first for ${paid.textStart}`);
        // Lit while heard: the headline's own element on the page.
        await until(`${name}: the headline lit`, () =>
          page.evaluate(() => {
            const highlight = CSS.highlights.get('voxlate-reading');
            const [range] = highlight && highlight.size > 0 ? ([...highlight] as Range[]) : [];
            return range?.startContainer.parentElement?.localName === 'h1' ? range.toString().replace(/\s+/g, ' ').trim() : null;
          }).then((lit) => lit === headline),
        );
      }
      await stopAndSettle(ext);
    });
    await suite.check('Firefox: two quick "Read slower" presses while reading apply both; audio already bought is kept and played on at the new speed, never bought again', async () => {
      // The reading before (the audio clock runs) must not pay into this check's ledger.
      await stopAndSettle(ext);
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      await ext.evaluate(async () => {
        const { settings } = await browser.storage.local.get('settings');
        await browser.storage.local.set({ settings: { ...(settings as object), confirmAboveCredits: 100_000, speed: 2 } });
      });
      await page.goto(`${pagesUrl}${ownPageUrl('encyclopedia')}`);
      await clickMenu(ext, 'voxlate-read-page');
      await untilPlaying(ext);
      const plan = () =>
        ext.evaluate(async () => {
          const { reading } = (await browser.storage.session.get('reading')) as { reading?: { plan: { params: { speed: number }; chunks: unknown[] } } | null };
          return reading ? { speed: reading.plan.params.speed, chunks: reading.plan.chunks.length } : null;
        });
      const before = (await ledger(emulator.url)).entries.length;
      if (!(before < (await plan())!.chunks)) throw new Error('the whole reading was bought before it was heard');
      await ext.evaluate(async () => {
        const background = (await browser.runtime.getBackgroundPage()) as unknown as { voxlateTestHooks: { onCommand: (c: string) => boolean } };
        background.voxlateTestHooks.onCommand('speed-down');
        background.voxlateTestHooks.onCommand('speed-down');
      });
      await until('both presses applied', async () => (await plan())?.speed === 1.5);
      // The audio bought at 2× is kept, stretched on the player's side: the reading goes on at 1.5×.
      const position = () =>
        ext.evaluate(async () => {
          const { reading } = (await browser.storage.session.get('reading')) as { reading?: { position?: { status: string; sentence: number } } | null };
          return reading?.position ?? null;
        });
      const at = (await position())?.sentence ?? 0;
      await until('the reading goes on at the new speed', async () => {
        const now = await position();
        return now?.status === 'playing' && now.sentence > at;
      }, 60_000).catch(async (error: unknown) => {
        throw new Error(`${String(error)}; at ${at}, now ${JSON.stringify(await position())}`);
      });
      const kept = await ext.evaluate(async () => {
        const { reading } = (await browser.storage.session.get('reading')) as { reading?: { plan: { chunks: { speed?: number }[] } } | null };
        return reading?.plan.chunks.map((c) => c.speed ?? null) ?? [];
      });
      if (kept[0] !== 2) throw new Error(`the bought audio's speed was not kept: ${kept.join(', ')}`);
      await stopAndSettle(ext);
      const paid = (await ledger(emulator.url)).entries.map((e) => `${e.textStart}|${e.textLength}`);
      if (new Set(paid).size !== paid.length) throw new Error(`bought twice: ${paid.join(', ')}`);
    });
    await suite.check('Firefox: a page with a Spanish paragraph and a long French quotation is read with three voices, each part sent with its language; each request charged once', async () => {
      // The reading before (the audio clock runs) must not pay into this check's ledger.
      await stopAndSettle(ext);
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      await ext.evaluate(async () => {
        const { settings } = await browser.storage.local.get('settings');
        await browser.storage.local.set({ settings: { ...(settings as object), confirmAboveCredits: 100_000, speed: 2 } });
      });
      await page.goto(`${pagesUrl}/fixtures/mixed-languages.html`);
      await clickMenu(ext, 'voxlate-read-page');
      type Logged = { path: string; status: number; language: string | null; voiceId: string | null; textStart: string | null; id: number };
      const sent = async () =>
        ((await (await fetch(`${emulator.url}/__emulator/log`)).json()) as { requests: Logged[] }).requests.filter((r) => r.path === '/api/v1/tts' && r.status === 200);
      // Read to its end: every part asked for. (Not "no reading stored and something sent": the first
      // request leaves before the reading is stored.)
      await until('the reading read to its end', async () => {
        const asked = await sent();
        const every = ['es', 'fr'].every((l) => asked.some((r) => r.language === l)) && asked.filter((r) => r.language === 'en').length >= 2;
        return every && !(await ext.evaluate(async () => Boolean(((await browser.storage.session.get('reading')) as { reading?: unknown }).reading)));
      }, 180_000).catch(async (error: unknown) => {
        throw new Error(`${String(error)}; asked: ${JSON.stringify((await sent()).map((r) => [r.language, r.textStart?.slice(0, 20)]))}`);
      });
      const requests = await sent();
      const voices = (language: string) => requests.filter((r) => r.language === language);
      const [spanish, french, english] = [voices('es'), voices('fr'), voices('en')];
      if (spanish.length !== 1 || !spanish[0]!.textStart?.startsWith('Mi abuela') || !spanish[0]!.voiceId?.startsWith('es')) throw new Error(`Spanish: ${JSON.stringify(spanish)}`);
      if (french.length !== 1 || !french[0]!.textStart?.startsWith('«Le vent') || !french[0]!.voiceId?.startsWith('fr')) throw new Error(`French: ${JSON.stringify(french)}`);
      if (english.length < 2 || english.some((r) => !r.voiceId?.startsWith('en') || /Mi abuela|Le vent/.test(r.textStart ?? ''))) throw new Error(`English: ${JSON.stringify(english)}`);
      const charged = (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/tts').map((e) => e.id).sort();
      if (JSON.stringify(charged) !== JSON.stringify(requests.map((r) => r.id).sort())) throw new Error(`charged ${charged.join(', ')}`);
    });
    await suite.check('Firefox: a short paragraph the page declares Spanish (lang) is read alone in a Spanish voice, sent as Spanish; a Spanish phrase in an English sentence stays English; each request charged once', async () => {
      await stopAndSettle(ext);
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      await page.goto(`${pagesUrl}/fixtures/declared-languages.html`);
      await clickMenu(ext, 'voxlate-read-page');
      type Logged = { path: string; status: number; language: string | null; voiceId: string | null; textStart: string | null; textLength: number | null; id: number };
      const sent = async () =>
        ((await (await fetch(`${emulator.url}/__emulator/log`)).json()) as { requests: Logged[] }).requests.filter((r) => r.path === '/api/v1/tts' && r.status === 200);
      // The player buys ahead: the greeting and the paragraph after it are asked for while the first plays.
      await until('the paragraph after the greeting asked for', async () => (await sent()).some((r) => r.textStart?.startsWith('Our host')), 60_000);
      const requests = await sent();
      const spanish = requests.filter((r) => r.language === 'es');
      if (spanish.length !== 1 || spanish[0]!.textStart !== '¡Bienvenidos a Sevilla!' || !spanish[0]!.voiceId?.startsWith('es')) throw new Error(`Spanish: ${JSON.stringify(spanish)}`);
      const others = requests.filter((r) => r.language !== 'es');
      if (others.some((r) => r.language !== 'en' || !r.voiceId?.startsWith('en') || /Bienvenidos/.test(r.textStart ?? ''))) throw new Error(`English: ${JSON.stringify(others)}`);
      await stopAndSettle(ext);
      const charged = (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/tts').map((e) => e.id).sort();
      const all = (await sent()).map((r) => r.id).sort();
      if (JSON.stringify(charged) !== JSON.stringify(all)) throw new Error(`charged ${charged.join(', ')}, sent ${all.join(', ')}`);
    });
    // test/fixtures/phrasebook.html: 30 short English lines, each followed by its German line declared lang="de".
    const phrasebookSent = async () =>
      ((await (await fetch(`${emulator.url}/__emulator/log`)).json()) as { requests: { path: string; status: number; language: string | null; voiceId: string | null; textStart: string | null; textLength: number | null; id: number }[] }).requests.filter(
        (r) => r.path === '/api/v1/tts' && r.status === 200,
      );
    // (First: the check after it finds these lines' audio in the cache, and pays for the next ones.)
    await suite.check('Firefox: a phrasebook page above a low threshold asks before paying anything (its first line is not sent early: each line is a request of its own); once agreed, each request is charged once', async () => {
      await stopAndSettle(ext);
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      // The figure at the emulator's price: 61 requests of 1 credit (title, 30 + 30 lines), above 45;
      // counted as one voice's chunks, the page would be bounded at about 32 and its first line sent early.
      await setThreshold(ext, 45, { learned: { serviceUrl: emulator.url, perChar: 0.01 } });
      try {
        await page.goto(`${pagesUrl}/fixtures/phrasebook.html`);
        await clickMenu(ext, 'voxlate-read-page');
        const label = await until('the question', async () => /Read aloud \([^)]*\)/.exec(await inPageUiText(ext))?.[0], 60_000);
        const before = await ledger(emulator.url);
        if (before.entries.length > 0 || (await phrasebookSent()).length > 0) throw new Error(`paid before the question: ${JSON.stringify(before.entries)}`);
        await clickInPageUi(ext, page, 'button', label);
        await untilPlaying(ext);
        await until('its first German line asked for', async () => (await phrasebookSent()).some((r) => r.textStart === 'Guten Morgen.'), 60_000).catch(async (error: unknown) => {
          throw new Error(`${(error as Error).message}: ${JSON.stringify(await phrasebookSent())}`);
        });
        await stopAndSettle(ext);
        const requests = await phrasebookSent();
        if (requests.filter((r) => r.textStart === 'German for travellers').length !== 1) throw new Error(`the title: ${JSON.stringify(requests)}`);
        const charged = (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/tts').map((e) => e.id).sort();
        if (JSON.stringify(charged) !== JSON.stringify(requests.map((r) => r.id).sort())) throw new Error(`charged ${charged.join(', ')}`);
      } finally {
        // The checks after it read within the threshold.
        await setThreshold(ext, 100_000);
      }
    });
    await suite.check('Firefox: a phrasebook page (English lines, each followed by a German one declared lang="de") sends each German line alone, as German in a German voice, and each English line as English; each request charged once', async () => {
      await stopAndSettle(ext);
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      await page.goto(`${pagesUrl}/fixtures/phrasebook.html`);
      const german = await page.evaluate(() => [...document.querySelectorAll('p[lang="de"]')].map((p) => p.textContent!.trim()));
      await clickMenu(ext, 'voxlate-read-page');
      // The player buys ahead of what is heard: the first three German lines are enough to tell.
      await until('three German lines asked for', async () => (await phrasebookSent()).filter((r) => r.language === 'de').length >= 3, 60_000);
      await stopAndSettle(ext);
      const requests = await phrasebookSent();
      const wrong = requests.filter((r) =>
        german.includes(r.textStart ?? '') ? r.language !== 'de' || !r.voiceId?.startsWith('de') || r.textLength !== r.textStart!.length : r.language !== 'en' || !r.voiceId?.startsWith('en'),
      );
      if (wrong.length > 0) throw new Error(`in the wrong voice: ${JSON.stringify(wrong)}`);
      const charged = (await ledger(emulator.url)).entries.filter((e) => e.path === '/api/v1/tts').map((e) => e.id).sort();
      if (JSON.stringify(charged) !== JSON.stringify(requests.map((r) => r.id).sort())) throw new Error(`charged ${charged.join(', ')}`);
    });
    await suite.check('Firefox: on a dark page the player and notices are dark too (the page\'s look, not the system\'s)', async () => {
      await page.goto(`${pagesUrl}/fixtures/article.html`);
      await page.addStyleTag({ content: 'html, body { background: #15171c !important; color: #e4e4e4 !important; }' });
      await selectElement(page, '#first');
      await clickMenu(ext, 'voxlate-read-selection');
      await untilPlaying(ext);
      await until('a dark player', () => page.evaluate(() => (document.querySelector('voxlate-player') as HTMLElement | null)?.dataset.scheme === 'dark'));
      await ext.evaluate(async () => {
        const background = (await browser.runtime.getBackgroundPage()) as unknown as { voxlateTestHooks: { onCommand: (c: string) => boolean } };
        background.voxlateTestHooks.onCommand('stop-reading');
      });
    });

    // Last: they leave the price of speech unlearned and then learned from one short request.
    await suite.check('Firefox: Stop withdraws a reading still starting (its price being learned from a slow service): the page says it stopped, it never starts, and nothing is sent after', async () => {
      await stopAndSettle(ext);
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      // The price not learned yet, a text above 150 credits at the cautious price: its first two
      // requests leave to learn it, and the service is slow to answer them.
      await setThreshold(ext, 150, { forgetPrice: true });
      await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'slow', path: '/api/v1/tts', times: 2, delayMs: 4000 }) });
      await page.goto(`${pagesUrl}/fixtures/article.html`);
      // A text not heard yet (cached audio would tell nothing), about 2,000 characters.
      const ferries = Array.from({ length: 30 }, (_, i) => `Ferry number ${i + 1} crossed the grey bay at dawn with its lamps still lit.`).join(' ');
      await selectElement(page, await addParagraph(page, ferries));
      await clickMenu(ext, 'voxlate-read-selection');
      await until('the price\'s requests with the service, the reading not started', async () => {
        const { active, starting, reading } = await hooks(ext);
        return active > 0 && starting > 0 && !reading;
      });
      await ext.evaluate(async () => {
        const background = (await browser.runtime.getBackgroundPage()) as unknown as { voxlateTestHooks: { onCommand: (c: string) => boolean } };
        background.voxlateTestHooks.onCommand('stop-reading');
      });
      await until('the page saying so', async () => (await inPageUiText(ext, 'voxlate-notice')).includes('The reading was stopped.'));
      await until('nothing starting, nothing on the wire', async () => {
        const { active, waiting, starting } = await hooks(ext);
        return active + waiting + starting === 0;
      });
      if ((await hooks(ext)).reading) throw new Error('the reading started');
      // Only the price's requests (those on the wire at the Stop) were sent and paid.
      const { requests } = (await (await fetch(`${emulator.url}/__emulator/log`)).json()) as { requests: { path: string; textStart: string }[] };
      const sent = requests.filter((r) => r.path === '/api/v1/tts').map((r) => r.textStart);
      if (sent.length > 2) throw new Error(`sent: ${JSON.stringify(sent)}`);
      const charged = (await ledger(emulator.url)).entries.map((e) => e.textStart);
      if (JSON.stringify(charged.sort()) !== JSON.stringify(sent.sort())) throw new Error(`charged ${JSON.stringify(charged)} for ${JSON.stringify(sent)}`);
      await setThreshold(ext, 20);
    });

    await suite.check('Firefox: a restart that joined a request which then failed tries once more on its own: the sentence is paid once, by the answer that came', async () => {
      await stopAndSettle(ext);
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      // Every answer takes 3 s; the first /tts then fails (a server error, not charged).
      await fetch(`${emulator.url}/__emulator/config`, { method: 'PATCH', body: JSON.stringify({ latencyMs: 3000 }) });
      await fetch(`${emulator.url}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ type: 'server-error', path: '/api/v1/tts' }) });
      try {
        await page.goto(`${pagesUrl}/fixtures/article.html`);
        const first = 'A kingfisher waited on the low branch above the water.';
        await selectElement(page, await addParagraph(page, first));
        await clickMenu(ext, 'voxlate-read-selection');
        await until('its request on the wire', async () => (await hooks(ext)).active === 1);
        // The restart joins that request; it fails, and the restarted reading asks once more on its own.
        await clickMenu(ext, 'voxlate-read-selection');
        const statuses = async () => {
          const { requests } = (await (await fetch(`${emulator.url}/__emulator/log`)).json()) as { requests: { textStart: string; status: number }[] };
          return JSON.stringify(requests.filter((r) => r.textStart === first).map((r) => r.status));
        };
        await until('failed once, then answered', async () => (await statuses()) === '[500,200]', 30_000).catch(async () => {
          throw new Error(`requests for it: ${await statuses()}`);
        });
        await until('nothing on the wire', async () => {
          const { active, waiting } = await hooks(ext);
          return active + waiting === 0;
        });
        const charged = (await ledger(emulator.url)).entries.map((e) => [e.textStart, e.credits]);
        if (JSON.stringify(charged) !== JSON.stringify([[first, 1]])) throw new Error(`charged: ${JSON.stringify(charged)}`);
      } finally {
        await fetch(`${emulator.url}/__emulator/config`, { method: 'PATCH', body: JSON.stringify({ latencyMs: 0 }) });
      }
    });

    await suite.check('Firefox: a later reading one credit above the threshold asks first: the price learned from a first request is never below what the service charges', async () => {
      await stopAndSettle(ext);
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      const threshold = 17;
      await setThreshold(ext, threshold, { forgetPrice: true });
      // Sentences of 99 characters: one alone is billed one credit, a little below what its length is worth.
      await page.goto(`${pagesUrl}/fixtures/river-reaches.html`);
      await selectElement(page, '#reaches');
      await clickMenu(ext, 'voxlate-read-selection');
      await until('the first question', async () => (await inPageUiText(ext)).includes('Cancel'), 30_000);
      await clickInPageUi(ext, page, 'button', 'Cancel');
      const probe = (await ledger(emulator.url)).entries.map((e) => [e.textLength, e.credits]);
      if (JSON.stringify(probe) !== '[[99,1]]') throw new Error(`to learn the price: ${JSON.stringify(probe)}`);
      await until('no reading', async () => !(await hooks(ext)).reading);

      // The next reading's price is known: the question comes before any request.
      await selectElement(page, '#bends');
      await clickMenu(ext, 'voxlate-read-selection');
      const label = await until('the question', async () => /Read aloud \((about|up to) [\d,]+ credits\)/.exec(await inPageUiText(ext))?.[0], 30_000);
      const shown = Number(/([\d,]+) credits/.exec(label)![1]!.replace(/,/g, ''));
      if ((await ledger(emulator.url)).entries.length !== 1) throw new Error('sent before the question');
      await clickInPageUi(ext, page, 'button', label);
      await untilPlaying(ext);
      // Every part of it bought (18 sentences: 4 requests), then stopped.
      const paid = await until('every part bought', async () => {
        const entries = (await ledger(emulator.url)).entries.slice(1);
        return entries.length === 4 ? entries : null;
      }, 60_000);
      await stopAndSettle(ext);
      // One credit above the threshold, within the figure; at the price once learned (each
      // request's credits less half a credit) it came to 11 credits and was never asked about.
      const charged = paid.reduce((sum, e) => sum + e.credits, 0);
      if (charged !== threshold + 1 || charged > shown) throw new Error(`charged ${charged} after "${label}": ${JSON.stringify(paid)}`);
      await setThreshold(ext, 20);
    });

    // Last: the plan's minute it uses up stays used up in this browser.
    await suite.check('Firefox: the plan’s minute used up at a reading’s start: the page says when it continues by itself, not that the service is slow; Stop sends and charges nothing', async () => {
      await stopAndSettle(ext);
      await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
      await setThreshold(ext, 10_000);
      // Words never read here before: nothing of it in the cache.
      const added = await addParagraph(page, 'The ferry left the harbour at dawn with the mail and two sleepy passengers.');
      // 60: a pro plan's cap too (the worker knows the account by now).
      await ext.evaluate(async () => {
        const background = (await browser.runtime.getBackgroundPage()) as unknown as { voxlateTestHooks: { seedRateHistory(starts: number[]): void } };
        background.voxlateTestHooks.seedRateHistory(Array.from({ length: 60 }, () => Date.now()));
      });
      await selectElement(page, added);
      await clickMenu(ext, 'voxlate-read-selection');
      await until('the note on the plan’s pace', async () => /Your plan allows \d+ requests a minute\. Reading continues by itself in about \d+ s\./.test(await inPageUiText(ext)), 30_000);
      if ((await inPageUiText(ext)).includes('slower than usual')) throw new Error(`said: ${await inPageUiText(ext)}`);
      await stopAndSettle(ext);
      const { entries } = await ledger(emulator.url);
      if (entries.length) throw new Error(`charged: ${JSON.stringify(entries)}`);
      await setThreshold(ext, 20);
    });
  } finally {
    await firefox.close();
    await pages.close();
    await emulator.close();
  }
  return suite.report();
}

runSuite(main);
