/**
 * Firefox end to end: the ways into and through a reading that the Chrome end-to-end tests cover,
 * in Debian's firefox-esr with the test build. "Read aloud from here" after a left click; the
 * in-page player's Next and Previous sentence, Pause and Resume; a page read again later going on
 * from where the user stopped; an mp3 download of several parts saved as one file; an audio download cancelled from
 * the popup; and the service's refusals and failures (401, 402, 429, 500) said on the page. Each
 * check ends with the emulator's ledger: exactly the requests the service answered, none twice.
 * Prints "N passed, N failed" like every suite here.
 */
import { FIREFOX_TEST_BUILD } from '../support/build-dir';
import { readFile } from 'node:fs/promises';
import { MPEGDecoder } from 'mpg123-decoder';
import type { Browser, Page } from 'puppeteer-core';
import { startEmulator } from '../../emulator/server';
import { prepareSpeech } from '../../lib/speech/chunk';
import { startPageServer } from '../support/page-server';
import { ownPageUrl } from '../support/pages';
import { NOT_PLAIN } from '../support/fault-matrix';
import { byLabel, byRole, checks, clickInPageUi, clickMenu, fault, fill, inPageUiText, launchFirefox, ledger, openExtensionPage, runSuite, selectElement, stopAndSettle, until, untilPlaying } from './support';

const EXTENSION = FIREFOX_TEST_BUILD;
const TTS = '/api/v1/tts';

/** The news page's third paragraph: its first two sentences (as in the Chrome test of "from here"). */
const THIRD = '.story-body > p:nth-of-type(3)';
const THIRD_FIRST = '"People already knew how to wait here," said Grace Lindahl';
/** Sentences of the sample article's selection, as the reading splits them (the title first). */
const ARTICLE = [
  'A short walk in the park',
  'The morning was cool and bright.',
  'Dr. Smith walked to the old oak tree at 7.30 a.m. and sat down on the bench.',
  'Birds sang in the branches above him.',
  'A small dog ran past, chasing a red ball across the wet grass.',
  'He opened his notebook and began to write.',
  'The words came slowly at first, then faster, as the sun rose over the hills.',
];

interface Logged {
  id: number;
  time: string;
  path: string;
  status: number;
  textStart: string | null;
  textLength: number | null;
  durationMs: number;
}

/** The speech requests the emulator answered (or saw the client leave), oldest first. */
async function speechLog(emulatorUrl: string): Promise<Logged[]> {
  const { requests } = (await (await fetch(`${emulatorUrl}/__emulator/log`)).json()) as { requests: Logged[] };
  return requests.filter((r) => r.path === TTS).sort((a, b) => a.id - b.id);
}

/**
 * Once nothing is on the wire: the ledger is exactly the speech requests answered 200, each at
 * ceil(chars/100) credits, and no piece of text was bought twice. Returns the charges.
 */
async function ledgerExact(emulatorUrl: string) {
  const answered = async () => (await speechLog(emulatorUrl)).filter((r) => r.status === 200);
  const charged = async () => (await ledger(emulatorUrl)).entries.filter((e) => e.path === TTS);
  // A charge is booked just before its answer is sent and logged: both lists are the same once the log catches up.
  const same = async () => JSON.stringify((await answered()).map((r) => r.id)) === JSON.stringify((await charged()).map((e) => e.id).sort((a, b) => a - b));
  await until('the ledger and the log agree', same, 15_000).catch(async () => {
    throw new Error(`answered ${JSON.stringify(await answered())}; charged ${JSON.stringify(await charged())}`);
  });
  const entries = await charged();
  for (const e of entries) if (e.credits !== Math.max(1, Math.ceil(e.textLength / 100))) throw new Error(`charged ${e.credits} for ${e.textLength} characters`);
  const pieces = entries.map((e) => `${e.textStart}|${e.textLength}`);
  if (new Set(pieces).size !== pieces.length) throw new Error(`bought twice: ${pieces.join(', ')}`);
  return entries;
}

/** The stored reading: its position and plan. */
async function reading(ext: Page) {
  return ext.evaluate(async () => {
    const { reading } = (await browser.storage.session.get('reading')) as {
      reading?: { startSentence?: number; position?: { status: string; sentence: number; elapsedSec: number } | null; plan: { chunks: { text: string; firstSentence: number; lastSentence: number }[] } } | null;
    };
    return reading ? { status: reading.position?.status ?? null, sentence: reading.position?.sentence ?? -1, startSentence: reading.startSentence ?? 0, chunks: reading.plan.chunks } : null;
  });
}

/** The sentence lit on the page now (or null). */
function highlighted(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const highlight = CSS.highlights.get('voxlate-reading');
    return highlight && highlight.size > 0 ? [...highlight].map((r) => (r as Range).toString()).join('') : null;
  });
}

/** From now on, every sentence and word lit on the page, in order (a string: tsx would wrap named functions in a helper the page does not have). */
async function watchHighlights(page: Page): Promise<() => Promise<{ sentences: string[]; words: string[] }>> {
  await page.evaluate(`(() => {
    const seen = (window.__voxlateLit = { sentences: [], words: [] });
    const look = (name, list) => {
      const highlight = CSS.highlights.get(name);
      const text = highlight && highlight.size > 0 ? [...highlight].map((r) => r.toString()).join('') : null;
      if (text && list.at(-1) !== text) list.push(text);
    };
    clearInterval(window.__voxlateLitTimer);
    window.__voxlateLitTimer = setInterval(() => { look('voxlate-reading', seen.sentences); look('voxlate-word', seen.words); }, 10);
  })()`);
  return () => page.evaluate('window.__voxlateLit') as Promise<{ sentences: string[]; words: string[] }>;
}

/** What the background's service scheduler holds: requests with the service and waiting their turn. */
function underWay(ext: Page): Promise<{ active: number; waiting: number }> {
  return ext.evaluate(async () => {
    const background = (await browser.runtime.getBackgroundPage()) as unknown as { voxlateTestHooks: { requestsUnderWay(): { active: number; waiting: number } } };
    return background.voxlateTestHooks.requestsUnderWay();
  });
}

async function setSettings(ext: Page, patch: Record<string, unknown>): Promise<void> {
  await ext.evaluate(async (p) => {
    const { settings } = await browser.storage.local.get('settings');
    await browser.storage.local.set({ settings: { ...(settings as object), ...p } });
  }, patch);
}

/** Distinct sentences (no two parts of a text may share audio), about `chars` characters. */
function story(chars: number): string {
  const sentences: string[] = [];
  for (let i = 1; sentences.join(' ').length < chars; i++) sentences.push(`Sentence ${i} tells how the walker followed the river past the mill and the stone bridge.`);
  return sentences.join(' ');
}

/** Raw WebDriver BiDi, for what puppeteer does not wrap: Firefox's own windows (allowed by -remote-allow-system-access). */
type Bidi = { send(method: string, params: object): Promise<{ result: unknown }> };

/**
 * Right-clicks the page at (x, y) with the mouse, as a person would, and chooses `label` in the
 * browser's own context menu (Firefox's window, reached over BiDi in its chrome scope): the add-on
 * gets the real click, with what the browser says about the element right-clicked.
 */
async function chooseFromContextMenu(firefox: Browser, page: Page, x: number, y: number, label: string): Promise<void> {
  const bidi = (firefox as unknown as { connection: Bidi }).connection;
  await page.mouse.click(x, y, { button: 'right' });
  const { result } = (await bidi.send('browsingContext.getTree', { 'moz:scope': 'chrome', maxDepth: 0 })) as { result: { contexts: { context: string; url: string }[] } };
  const window = result.contexts.find((c) => c.url === 'chrome://browser/content/browser.xhtml');
  if (!window) throw new Error(`no browser window: ${JSON.stringify(result.contexts)}`);
  const choose = `(() => {
    const menu = document.getElementById('contentAreaContextMenu');
    const item = menu.state === 'open' && [...menu.querySelectorAll('menuitem')].find((i) => !i.hidden && i.label === ${JSON.stringify(label)});
    if (!item) return false;
    // Our entries are in a submenu: opened first, as a person would hover it.
    const popup = item.parentElement;
    if (popup !== menu && popup.state !== 'open') {
      popup.parentElement.openMenu(true);
      return false;
    }
    popup.activateItem(item);
    return true;
  })()`;
  await until(`"${label}" in the context menu`, async () => {
    const answer = (await bidi.send('script.evaluate', { expression: choose, target: { context: window.context }, awaitPromise: false })) as { result: { result?: { value?: boolean } } };
    return answer.result.result?.value === true;
  }, 10_000);
}

async function main(): Promise<number> {
  const emulator = await startEmulator({ port: 0 });
  const pages = await startPageServer();
  // The test build may reach 127.0.0.1 without a toolbar click (Firefox offers no headless one).
  const pagesUrl = pages.url.replace('localhost', '127.0.0.1');
  // Not named `browser`: that is the WebExtension global the evaluated functions below use.
  const firefox = await launchFirefox();
  const suite = checks();
  const reset = async (ext: Page) => {
    // The reading before (the audio clock runs) must not pay into this check's ledger.
    await stopAndSettle(ext);
    await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
  };
  try {
    await firefox.installExtension(EXTENSION);
    const ext = await openExtensionPage(firefox);
    await ext.evaluate(async (url) => {
      await browser.storage.local.set({ apiKey: 'demo-pro', settings: { serviceUrl: url } });
    }, emulator.url);
    // No question asked (the spend gate is checked elsewhere); twice the speed, so sentences pass sooner.
    await setSettings(ext, { confirmAboveCredits: 1_000_000, speed: 2 });
    // The one tab on the loopback address: the menu and the in-page UI helpers act on it.
    const page = await firefox.newPage();
    await page.setViewport({ width: 1280, height: 900 });

    // First, before any reading: on the free plan's ten requests a minute, which the extension counts
    // from every request of the last minute (a change of plan counts them as just sent), this
    // download would wait out the readings' minute first.
    await suite.check('Firefox: an audio download cancelled half way from the popup saves no file, sends nothing after, and is charged exactly the parts sent', async () => {
      await reset(ext);
      // The free plan: two requests at once. Slow enough to cancel half way: 1.5 s + 1 ms per character a part.
      await ext.evaluate(async () => browser.storage.local.set({ apiKey: 'demo-free' }));
      await setSettings(ext, { format: 'wav' });
      await fetch(`${emulator.url}/__emulator/config`, { method: 'PATCH', body: JSON.stringify({ latencyMs: 1500, msPerChar: 1 }) });
      try {
        const text = story(10_000);
        const parts = prepareSpeech(text, 'en').chunks.map((c) => c.text);
        if (parts.length !== 6) throw new Error(`${parts.length} parts planned`);
        const popup = await openExtensionPage(firefox, 'popup.html');
        await until('the account read', async () => (await popup.evaluate(() => document.body.innerText)).includes('2,000 credits'));
        await fill(await byLabel(popup, 'Text to read'), text);
        await (await byRole(popup, 'button', 'Download')).click();
        await until('two parts received', async () => (await popup.evaluate(() => document.body.innerText)).includes(`Downloading: 2 of ${parts.length} parts`), 60_000);
        await (await byRole(popup, 'button', 'Cancel download')).click();
        await until('"Download cancelled."', async () => (await popup.evaluate(() => document.body.innerText)).includes('Download cancelled.'));
        const cancelledAt = Date.now();
        if (await popup.$('::-p-aria([name="Cancel download"][role="button"])')) throw new Error('Cancel download still offered');
        // Parts on the wire when Cancel came finish or are dropped; nothing else goes out.
        await until('nothing on the wire', async () => {
          const { active, waiting } = await underWay(ext);
          return active === 0 && waiting === 0;
        }, 60_000);
        const sent = await speechLog(emulator.url);
        for (const r of sent) if (Date.parse(r.time) > cancelledAt) throw new Error(`sent after the cancel: ${JSON.stringify(r)}`);
        const indexes = sent.map((r) => parts.findIndex((p) => p.slice(0, 80) === r.textStart)).sort((a, b) => a - b);
        if (JSON.stringify(indexes) !== JSON.stringify([...indexes.keys()]) || indexes.length < 2 || indexes.length >= parts.length) throw new Error(`parts sent: ${indexes.join(', ')}`);
        const charged = await ledgerExact(emulator.url);
        const answered = sent.filter((r) => r.status === 200).map((r) => parts.findIndex((p) => p.slice(0, 80) === r.textStart));
        const expected = answered.reduce((sum, i) => sum + Math.ceil(parts[i]!.length / 100), 0);
        const total = (await ledger(emulator.url)).total['free@demo.test'] ?? 0;
        if (charged.reduce((sum, e) => sum + e.credits, 0) !== expected || total !== expected) throw new Error(`charged ${total}, parts answered ${answered.join(', ')} cost ${expected}`);
        // A bounded look at a state that must hold: nothing more arrives, no file is saved.
        await new Promise((resolve) => setTimeout(resolve, 3000));
        if ((await speechLog(emulator.url)).length !== sent.length) throw new Error('a request arrived after the cancel');
        const saved = await ext.evaluate(async () => (await browser.downloads.search({})).map((d) => d.filename));
        if (saved.length > 0) throw new Error(`saved: ${saved.join(', ')}`);
        await popup.close();
      } finally {
        await fetch(`${emulator.url}/__emulator/config`, { method: 'PATCH', body: JSON.stringify({ latencyMs: 0, msPerChar: 0 }) });
        await ext.evaluate(async () => browser.storage.local.set({ apiKey: 'demo-pro' }));
        // The popup reads the account again, as after a key is changed: the pro plan's limits apply from now on.
        const popup = await openExtensionPage(firefox, 'popup.html');
        await until('the pro account read', async () => (await popup.evaluate(() => document.body.innerText)).includes('100,000 credits'));
        await popup.close();
      }
    });

    await suite.check('Firefox: "Read aloud from here" after a left click in the third paragraph reads from its sentence on, paying for nothing before it', async () => {
      await reset(ext);
      await page.goto(`${pagesUrl}${ownPageUrl('news')}`);
      // A click in text leaves a collapsed caret there, near the start of the paragraph's first line;
      // nothing of ours is on the page yet (the menu's click brings the page script).
      // The page's sticky masthead (with its tall ad) covers the top of the window: the paragraph is
      // brought to the bottom, clear of it, and clicked where it shows.
      const at = await page.$eval(THIRD, (p) => {
        p.scrollIntoView({ block: 'end' });
        const box = p.getBoundingClientRect();
        return { x: box.left + 40, y: box.top + 8 };
      });
      await page.mouse.click(at.x, at.y);
      const caret = await page.evaluate((sel) => {
        const selection = getSelection()!;
        return {
          inParagraph: selection.rangeCount === 1 && selection.isCollapsed && document.querySelector(sel)!.contains(selection.anchorNode),
          ours: [...document.documentElement.children].filter((e) => e.localName.startsWith('voxlate-')).length,
        };
      }, THIRD);
      if (!caret.inParagraph || caret.ours !== 0) throw new Error(`before the menu: ${JSON.stringify(caret)}`);
      const lit = await watchHighlights(page);
      await clickMenu(ext, 'read-from-here');
      await untilPlaying(ext);
      const first = await until('the first sentence lit', async () => (await lit()).sentences[0]);
      if (!first.startsWith(THIRD_FIRST)) throw new Error(`first lit: ${first}`);
      const stored = (await reading(ext))!;
      if (!(stored.startSentence > 2)) throw new Error(`started at sentence ${stored.startSentence}`);
      // Its first request left at the click, before the article was found, and it is the reading's own.
      const start = stored.chunks.find((c) => c.firstSentence === stored.startSentence);
      const sent = await ext.evaluate(async () => {
        const background = (await browser.runtime.getBackgroundPage()) as unknown as { voxlateTestHooks: { sentAtClick: () => string | null } };
        return background.voxlateTestHooks.sentAtClick();
      });
      if (!start || sent !== start.text) throw new Error(`sent at the click: ${sent}; the reading's first: ${start?.text}`);
      const [asked] = await until('the first request answered', async () => ((await speechLog(emulator.url)).length > 0 ? speechLog(emulator.url) : null));
      if (!asked!.textStart?.startsWith(THIRD_FIRST)) throw new Error(`first request: ${asked!.textStart}`);
      // It goes on past it: a later sentence is lit.
      await until('a later sentence lit', async () => (await lit()).sentences.some((s) => !s.startsWith(THIRD_FIRST)), 60_000);
      await stopAndSettle(ext);
      const chunkOf = (textStart: string) => stored.chunks.find((c) => c.text.startsWith(textStart));
      for (const entry of await ledgerExact(emulator.url)) {
        const chunk = chunkOf(entry.textStart);
        if (!chunk || chunk.firstSentence < stored.startSentence) throw new Error(`paid for a part before the click: ${entry.textStart}`);
      }
    });

    await suite.check('Firefox: "Read aloud from here" chosen in the browser\'s menu after a right-click alone on an untouched page starts at the right-clicked paragraph', async () => {
      await reset(ext);
      // Untouched: no click before, nothing of ours on the page, no selection.
      await page.goto(`${pagesUrl}${ownPageUrl('news')}?right-click`);
      // A text of its own, not heard in the check before (heard audio comes from the cache, unsent).
      const said = 'On the quay the gulls waited for the fishing boats to come home.';
      await page.$eval(THIRD, (p, t) => (p.textContent = `${t} The harbour lights came on one by one.`), said);
      const at = await page.$eval(THIRD, (p) => {
        p.scrollIntoView({ block: 'end' });
        const box = p.getBoundingClientRect();
        return { x: box.left + 40, y: box.top + 8 };
      });
      const lit = await watchHighlights(page);
      await chooseFromContextMenu(firefox, page, at.x, at.y, 'Read aloud from here');
      // Twice in about ten CI runs (not reproduced alone or under load here) the reading stayed
      // "loading" at its first chunk: what the worker held then is printed (DIAG).
      await untilPlaying(ext).catch(async (error: Error) => {
        const hooks = await ext.evaluate(async () => {
          const background = (await browser.runtime.getBackgroundPage()) as unknown as { voxlateTestHooks: { requestsUnderWay(): unknown; sentAtClick(): unknown } };
          const { reading } = (await browser.storage.session.get('reading')) as { reading?: { plan: { chunks: { text: string }[] } } };
          return JSON.stringify({ under: background.voxlateTestHooks.requestsUnderWay(), sent: background.voxlateTestHooks.sentAtClick(), chunks: reading?.plan.chunks.map((c) => c.text.slice(0, 50)) });
        });
        throw new Error(`${error.message}; DIAG ${hooks}; speech: ${JSON.stringify((await speechLog(emulator.url)).map((r) => [r.status, r.textStart]))}`);
      });
      const first = await until('the first sentence lit', async () => (await lit()).sentences[0]);
      if (!first.startsWith(said)) throw new Error(`first lit: ${first}`);
      const [asked] = await until('the first request answered', async () => ((await speechLog(emulator.url)).length > 0 ? speechLog(emulator.url) : null));
      if (!asked!.textStart?.startsWith(said)) throw new Error(`first request: ${asked!.textStart}`);
      await stopAndSettle(ext);
      const charged = await ledgerExact(emulator.url);
      if (!charged[0]?.textStart.startsWith(said)) throw new Error(`first paid: ${charged[0]?.textStart}`);
    });

    await suite.check('Firefox: the in-page player\'s Next and Previous sentence move the reading and its highlight; Stop ends it; nothing is bought twice, the ledger exact', async () => {
      await reset(ext);
      await page.goto(`${pagesUrl}/fixtures/article.html`);
      await selectElement(page, 'article');
      await clickMenu(ext, 'voxlate-read-selection');
      await untilPlaying(ext);
      const sentence = async () => (await reading(ext))?.sentence ?? -1;
      // Skipped while paused, where nothing moves by itself: playing, on a loaded machine the reading
      // went on between a skip and its check (Previous landing on the sentence Next gave).
      await clickInPageUi(ext, page, 'button', 'Pause', 'voxlate-player');
      await until('the reading paused', async () => (await reading(ext))?.status === 'paused');
      const before = await sentence();
      await clickInPageUi(ext, page, 'button', 'Next sentence', 'voxlate-player');
      await until('the reading a sentence on', async () => (await sentence()) > before);
      // The highlight follows the reading: the sentence it is at.
      await until('the sentence lit is the one read', async () => {
        const at = await sentence();
        return at > before && (await highlighted(page)) === ARTICLE[at] && (await inPageUiText(ext, 'voxlate-player')).includes(`Sentence ${at + 1} of 7`);
      });
      const next = await sentence();
      await clickInPageUi(ext, page, 'button', 'Previous sentence', 'voxlate-player');
      await until('the reading a sentence back', async () => (await sentence()) < next);
      await until('the sentence lit is the one read', async () => (await highlighted(page)) === ARTICLE[await sentence()]);
      await clickInPageUi(ext, page, 'button', 'Stop', 'voxlate-player');
      await until('the reading ended', async () => (await reading(ext)) === null);
      await until('the highlight gone and the player with it', async () => (await highlighted(page)) === null && !(await inPageUiText(ext, 'voxlate-player')));
      await stopAndSettle(ext);
      const charged = await ledgerExact(emulator.url);
      if (charged.length === 0) throw new Error('nothing charged');
    });

    await suite.check('Firefox: hovering a later paragraph offers "Read from here", which jumps the reading there; the parts skipped are not bought, nothing twice', async () => {
      await reset(ext);
      // About 16,000 characters: parts far ahead are not asked for until the reading nears them.
      await page.goto(`${pagesUrl}/fixtures/long-read.html`);
      await clickMenu(ext, 'voxlate-read-page');
      await untilPlaying(ext);
      const opening = 'At the very end of the story';
      const plan = (await reading(ext))!.chunks;
      const target = plan.findIndex((c) => c.text.includes(opening));
      if (target < 2) throw new Error(`the last paragraph is in part ${target}`);
      const lit = await watchHighlights(page);
      // While the button shows, the reading does not scroll the page back to its sentence; a
      // hover the reading's scrolling took away is tried again.
      await until('the jump taken', async () => {
        const at = await page.evaluate((words) => {
          const p = [...document.querySelectorAll('p')].find((e) => e.textContent!.includes(words))!;
          p.scrollIntoView({ block: 'center' });
          const box = p.getBoundingClientRect();
          return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
        }, opening);
        await page.mouse.move(10, 10);
        await page.mouse.move(at.x, at.y);
        try {
          await clickInPageUi(ext, page, 'button', 'Read from here');
          return await until('the reading there', async () => (await lit()).sentences.some((s) => s.startsWith(opening)), 10_000);
        } catch {
          return false;
        }
      }, 90_000);
      // Lit as the jump starts; its part may still wait its turn on a busy machine (a Stop would withdraw it).
      await until('the jump’s part asked for', async () => (await speechLog(emulator.url)).some((r) => r.status === 200 && plan[target]!.text.startsWith(r.textStart ?? '\u0000')));
      await stopAndSettle(ext);
      const paid = (await ledgerExact(emulator.url)).map((e) => plan.findIndex((c) => c.text.startsWith(e.textStart)));
      if (paid.includes(-1) || !paid.includes(target)) throw new Error(`parts paid: ${paid.join(', ')} (the jump's: ${target})`);
      // Between the parts the reading had bought before the jump and the jump's part: none bought.
      const skipped = plan.map((_, i) => i).filter((i) => i > Math.max(...paid.filter((j) => j < target)) && i < target);
      if (skipped.length === 0) throw new Error(`nothing skipped: parts paid ${paid.join(', ')}, the jump's ${target}`);
    });

    await suite.check('Firefox: the in-page player\'s Pause stops the audio clock and the highlight and sends nothing; Resume goes on; the ledger exact', async () => {
      await reset(ext);
      await page.goto(`${pagesUrl}/fixtures/river.html`);
      const lit = await watchHighlights(page);
      await clickMenu(ext, 'voxlate-read-page');
      await untilPlaying(ext);
      // Words are lit as they are spoken: the audio clock runs.
      await until('words lit', async () => (await lit()).words.length >= 2);
      await clickInPageUi(ext, page, 'button', 'Pause', 'voxlate-player');
      await until('paused', async () => (await reading(ext))?.status === 'paused');
      const pausedAt = Date.now();
      // Requests already with the service finish (they are paid anyway); nothing waits to go out.
      await until('nothing on the wire', async () => {
        const { active, waiting } = await underWay(ext);
        return active === 0 && waiting === 0;
      });
      const held = { at: await reading(ext), lit: await lit(), sentence: await highlighted(page), sent: (await speechLog(emulator.url)).length };
      // Nothing may move while paused, however long one looks: a bounded look at a state that must hold.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const now = { at: await reading(ext), lit: await lit(), sentence: await highlighted(page), log: await speechLog(emulator.url), wire: await underWay(ext) };
      if (now.at?.status !== 'paused' || now.at.sentence !== held.at?.sentence) throw new Error(`moved while paused: ${JSON.stringify([held.at?.sentence, now.at])}`);
      if (now.lit.words.length !== held.lit.words.length || now.sentence !== held.sentence || held.sentence === null) throw new Error(`the highlight moved while paused: ${JSON.stringify([held.lit.words.slice(-3), now.lit.words.slice(-3)])}`);
      const late = now.log.filter((r) => Date.parse(r.time) > pausedAt);
      if (late.length > 0 || now.log.length !== held.sent || now.wire.active + now.wire.waiting > 0) throw new Error(`sent while paused: ${JSON.stringify(late)} ${JSON.stringify(now.wire)}`);
      await clickInPageUi(ext, page, 'button', 'Resume', 'voxlate-player');
      await untilPlaying(ext);
      // The clock runs again: more words lit, and the reading reaches a later sentence.
      await until('words lit again', async () => (await lit()).words.length > held.lit.words.length, 30_000);
      await until('a later sentence', async () => ((await reading(ext))?.sentence ?? -1) > held.at!.sentence, 60_000);
      await stopAndSettle(ext);
      await ledgerExact(emulator.url);
    });

    await suite.check('Firefox: a page read aloud again later goes on from the sentence where the user stopped and says so, paying only for parts not fetched before; the ledger exact', async () => {
      await reset(ext);
      // Places an earlier check left (it read this page too) are forgotten: this one starts clean.
      await ext.evaluate(async () => browser.storage.local.remove('readingPositions'));
      await page.goto(`${pagesUrl}/fixtures/river.html`);
      await clickMenu(ext, 'voxlate-read-page');
      await untilPlaying(ext);
      await until('past the third sentence', async () => ((await reading(ext))?.sentence ?? -1) >= 3, 60_000);
      await stopAndSettle(ext);
      const [saved] = await ext.evaluate(async () => Object.values(((await browser.storage.local.get('readingPositions')).readingPositions ?? {}) as Record<string, { url: string; sentence: number; sentenceCount: number }>));
      if (!saved || saved.sentence < 3 || saved.url !== page.url().replace(/#.*$/, '')) throw new Error(`place saved: ${JSON.stringify(saved)}`);
      const paidBefore = new Set((await ledgerExact(emulator.url)).map((e) => e.textStart));
      const since = Date.now();

      // Later: the page again (its script gone), read aloud from the menu as before.
      await page.reload();
      await clickMenu(ext, 'voxlate-read-page');
      await untilPlaying(ext);
      const stored = (await reading(ext))!;
      if (stored.startSentence !== saved.sentence) throw new Error(`started at sentence ${stored.startSentence}, stopped at ${saved.sentence}`);
      const notice = `Continuing from sentence ${saved.sentence + 1} of ${saved.sentenceCount}, where you stopped last time.`;
      await until('the page says where it goes on from', async () => (await inPageUiText(ext)).includes(notice));
      await until('a later sentence', async () => ((await reading(ext))?.sentence ?? -1) > saved.sentence, 60_000);
      await stopAndSettle(ext);
      // Nothing before that sentence is asked for, and nothing fetched before is paid again.
      for (const entry of (await ledgerExact(emulator.url)).filter((e) => Date.parse(e.time) >= since)) {
        if (paidBefore.has(entry.textStart)) throw new Error(`paid again: ${entry.textStart}`);
        const chunk = stored.chunks.find((c) => c.text.slice(0, 80) === entry.textStart);
        if (!chunk || chunk.lastSentence < saved.sentence) throw new Error(`paid for a part before the place: ${entry.textStart}`);
      }
    });

    await suite.check('Firefox: an mp3 download of several parts saves one mp3 holding them all, each part paid once', async () => {
      await reset(ext);
      await ext.evaluate(async () => browser.downloads.erase({}));
      // At the normal pace, so the file's length says the speech of every part is in it.
      await setSettings(ext, { format: 'mp3', speed: 1 });
      try {
        const text = story(1_400);
        const parts = prepareSpeech(text, 'en').chunks.map((c) => c.text);
        if (parts.length !== 4) throw new Error(`${parts.length} parts planned`);
        const popup = await openExtensionPage(firefox, 'popup.html');
        await fill(await byLabel(popup, 'Text to read'), text);
        await (await byRole(popup, 'button', 'Download')).click();
        const file = await until('the file saved', async () => {
          const [item] = await ext.evaluate(async () => (await browser.downloads.search({ state: 'complete' })).map((d) => ({ filename: d.filename })));
          return item;
        }, 60_000);
        await until('"Saved as …"', async () => /Saved as .+\.mp3\./.test(await popup.evaluate(() => document.body.innerText)));
        if (!file.filename.endsWith('.mp3')) throw new Error(`saved ${file.filename}`);
        const charged = await ledgerExact(emulator.url);
        const paid = charged.map((e) => parts.findIndex((p) => p.slice(0, 80) === e.textStart)).sort();
        if (JSON.stringify(paid) !== '[0,1,2,3]') throw new Error(`parts paid: ${paid.join(', ')}`);
        // One valid mp3, decoded for real: as long as four parts of speech (about 15 characters a second).
        const decoder = new MPEGDecoder();
        await decoder.ready;
        const decoded = decoder.decode(new Uint8Array(await readFile(file.filename)));
        decoder.free();
        const seconds = decoded.samplesDecoded / decoded.sampleRate;
        if (decoded.errors.length > 0 || seconds < text.length / 20) throw new Error(`decoded ${seconds.toFixed(1)} s, errors ${JSON.stringify(decoded.errors.slice(0, 2))}`);
        await popup.close();
      } finally {
        await setSettings(ext, { speed: 2 });
      }
    });

    // The service's refusals and failures while reading the selection: said on the page in plain words.
    const faultCases: { name: string; before: () => Promise<void>; after?: () => Promise<void>; said: RegExp; charged: number; plays: boolean }[] = [
      {
        name: 'a rejected key (401) says so and offers to open the options',
        before: () => ext.evaluate(async () => browser.storage.local.set({ apiKey: 'wrong-key' })),
        after: () => ext.evaluate(async () => browser.storage.local.set({ apiKey: 'demo-pro' })),
        said: /rejected your API key.*Open options/,
        charged: 0,
        plays: false,
      },
      {
        name: 'no credits left (402) says so with the balance',
        before: async () => void (await fetch(`${emulator.url}/__emulator/accounts`, { method: 'POST', body: JSON.stringify({ key: 'demo-pro', credits: 0 }) })),
        said: /don't have enough credits.*Your balance: 0 credits/,
        charged: 0,
        plays: false,
      },
      {
        name: 'a busy service (429) says the reading continues by itself, and it does, paid once',
        before: () => fault(emulator.url, { type: 'rate-limit', path: TTS, times: 1, retryAfter: 3 }),
        said: /The service is busy \(rate limit\)[.;] .*by itself in \d+ s\./,
        charged: 1,
        plays: true,
      },
      {
        name: 'a service failure (500) says so, that it may be paid for, and is not retried by itself',
        before: () => fault(emulator.url, { type: 'server-error', path: TTS, times: 1 }),
        said: /The service had a problem \(HTTP 500\).*may already be paid for/,
        charged: 0,
        plays: false,
      },
    ];
    for (const [index, c] of faultCases.entries()) {
      await suite.check(`Firefox: reading aloud, ${c.name}; unpaid where the service did not charge`, async () => {
        await reset(ext);
        await page.goto(`${pagesUrl}/fixtures/article.html?case=${index}`);
        // A sentence of its own: nothing cached, so each case pays for what it shows.
        const text = `Lantern ${index + 1} glowed softly over the quiet harbour at dusk.`;
        await page.evaluate((t) => (document.querySelector('#first')!.textContent = t), text);
        await selectElement(page, '#first');
        await c.before();
        try {
          await clickMenu(ext, 'voxlate-read-selection');
          const shown = await until('the message', async () => {
            const ui = await inPageUiText(ext);
            return c.said.test(ui) ? ui : null;
          }).catch(async (error: unknown) => {
            throw new Error(`${String(error)}; the page shows: ${await inPageUiText(ext).catch(() => '')}`);
          });
          if (NOT_PLAIN.test(shown)) throw new Error(`not plain: ${shown}`);
          if (c.plays) await untilPlaying(ext);
          else {
            // Nothing is sent again by itself (a retry of a failure would go out within a second or two).
            const [failed] = await until('the failed request logged', async () => ((await speechLog(emulator.url)).length > 0 ? speechLog(emulator.url) : null));
            await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(failed!.time) + failed!.durationMs + 2500 - Date.now())));
            const log = await speechLog(emulator.url);
            if (log.length !== 1 || log[0]!.status === 200) throw new Error(`requests: ${JSON.stringify(log)}`);
          }
          await stopAndSettle(ext);
          const charged = await ledgerExact(emulator.url);
          if (charged.length !== c.charged) throw new Error(`charged: ${JSON.stringify(charged)}`);
        } finally {
          await c.after?.();
        }
      });
    }
  } finally {
    await firefox.close();
    await pages.close();
    await emulator.close();
  }
  return suite.report();
}

runSuite(main);
