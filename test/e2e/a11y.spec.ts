import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import type { BubbleLabels } from '../../lib/bubble/labels';
import { analyze, violationSummary, WCAG_TAGS } from '../support/axe';
import { launchWithExtension, serviceWorkerOf } from '../support/browser';
import { bubbleHarnessScript } from '../support/bubble-bundle';
import type { HarnessOptions } from '../fixtures/bubble-harness';
import { expect, test } from './fixtures';

const LOCALES = ['en', 'es', 'de', 'ja'] as const;
const SCHEMES = ['light', 'dark'] as const;
/** The WCAG A and AA rules that look at colours: text contrast, and links told apart from text. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

type Messages = Record<string, { message: string }>;
const messagesOf = (locale: string): Messages =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../public/_locales/${locale}/messages.json`), 'utf8'));

/** The bubble's labels as the content script builds them, from the locale's messages: `{name}` where $NAME$ is. */
function bubbleLabels(m: Messages): BubbleLabels {
  const get = (key: string) => m[key]!.message.replace(/\$([A-Z0-9_]+)\$/g, (_, name: string) => `{${name.toLowerCase()}}`);
  return {
    dialog: get('bubbleDialog'), close: get('bubbleClose'), target: get('bubbleTarget'), waiting: get('bubbleWaiting'),
    detected: get('bubbleDetected'), costOne: get('bubbleCostOne'), cost: get('bubbleCost'), balance: get('bubbleBalance'),
    fromCache: get('bubbleFromCache'), copy: get('bubbleCopy'), copied: get('bubbleCopied'), listen: get('bubbleListen'),
    replace: get('bubbleReplace'), confirmCostOne: get('bubbleConfirmCostOne'), confirmCost: get('bubbleConfirmCost'),
    confirm: get('bubbleConfirm'), cancel: get('bubbleCancel'),
  };
}

/** Runs axe (WCAG 2.1 A and AA) on what the page shows now; attaches the report and fails on any violation. */
async function checkOnce(page: Page, surface: string, testInfo: TestInfo, opts: { shadow?: boolean; coloursOnly?: boolean }): Promise<void> {
  const results = await analyze(page, { runOnly: opts.coloursOnly ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: WCAG_TAGS } });
  await testInfo.attach(`axe ${surface}`, { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  const summary = violationSummary(results);
  // Nodes inside a shadow root have a nested target: proof that axe looked inside the bubble.
  const contrast = results.passes.find((r) => r.id === 'color-contrast')?.nodes ?? [];
  const inShadow = contrast.filter((n) => Array.isArray(n.target[0])).length;
  console.log(
    `${testInfo.title} · ${surface}: ${results.violations.length} violations, ${results.passes.length} rules passed, ` +
      `contrast checked on ${contrast.length} elements (${inShadow} in a shadow root), needs review: ${results.incomplete.map((r) => `${r.id} ×${r.nodes.length} (e.g. ${r.nodes[0]?.target.join(' ')}: ${r.nodes[0]?.any[0]?.message ?? ''})`).join(', ') || 'nothing'}`,
  );
  if (opts.shadow) expect(inShadow, `axe checked the colours inside the shadow root on ${surface}`).toBeGreaterThan(0);
  expect(summary, `axe violations on ${surface}`).toEqual([]);
}

/**
 * Checks what the page shows in each colour scheme, switched in place as the system's setting would
 * (one browser per locale: launching one for each scheme too doubled the a11y tests' CPU for the
 * same pages). The light scheme gets every WCAG rule; the dark one the rules on colours, the only
 * thing the scheme changes (our dark styles set colours and nothing else): the rest would be the
 * same analysis of the same elements again, a third of the suite's a11y time.
 */
async function checkPage(page: Page, surface: string, testInfo: TestInfo, opts: { shadow?: boolean } = {}): Promise<void> {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(scheme === 'dark');
    await checkOnce(page, `${surface}, ${scheme}`, testInfo, { ...opts, coloursOnly: scheme === 'dark' });
  }
}

for (const locale of LOCALES) {
  test(`axe: ${locale}, light and dark`, async ({ emulator, pages }, testInfo) => {
    // A dozen surfaces, each analysed in full in two schemes: minutes on a busy machine.
    test.setTimeout(360_000);
    await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
    const m = messagesOf(locale);
    const context = await launchWithExtension({ locale });
    try {
      const extensionId = new URL((await serviceWorkerOf(context)).url()).host;

      // Options, connected through its own form (so the account, voices and every section show).
      const options = await context.newPage();
      await options.goto(`chrome-extension://${extensionId}/options.html`);
      await expect(options.getByRole('heading', { level: 1 })).toHaveText(m.optionsTitle!.message);
      expect(await options.evaluate(() => [document.documentElement.lang.slice(0, 2), document.documentElement.dir])).toEqual([locale, 'ltr']);
      await options.getByLabel(m.serviceUrlLabel!.message).fill(emulator.url);
      await options.getByLabel(m.apiKeyLabel!.message, { exact: true }).fill('demo-pro');
      await options.getByRole('button', { name: m.saveAndTest!.message }).click();
      await expect(options.getByRole('status').filter({ hasText: 'pro@demo.test' })).toBeVisible();
      await expect(options.getByRole('group', { name: m.optionsLanguageVoicesHeading!.message }).getByRole('combobox').first()).toBeVisible();
      await checkPage(options, 'options', testInfo);
      // The question a Clear button asks is a state of its own.
      await options.getByRole('button', { name: m.optionsClearHistory!.message }).click();
      await checkPage(options, 'options (confirming a clear)', testInfo);

      // The popup, each of its tabs, opened as a page of the popup's size.
      const popup = await context.newPage();
      await popup.setViewportSize({ width: 400, height: 600 });
      await popup.goto(`chrome-extension://${extensionId}/popup.html`);
      await popup.locator('#root > *').first().waitFor();
      expect(await popup.evaluate(() => document.documentElement.lang.slice(0, 2))).toBe(locale);
      const tabs = popup.getByRole('tab');
      const tabCount = await tabs.count();
      if (!tabCount) await checkPage(popup, 'popup', testInfo);
      for (let i = 0; i < tabCount; i++) {
        const tab = tabs.nth(i);
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        await checkPage(popup, `popup tab "${await tab.textContent()}"`, testInfo);
      }

      // The translation bubble: the real code in an open shadow root on the fixture article.
      const article = await context.newPage();
      await article.goto(`${pages.url}/fixtures/article.html`);
      await article.addScriptTag({ content: await bubbleHarnessScript() });
      const labels = bubbleLabels(m);
      const states: [string, HarnessOptions][] = [
        ['bubble (translating)', { anchor: '#second', labels, target: 'es' }],
        ['bubble (result, with what was written translated back)', {
          anchor: '#second', labels, target: 'es', editable: true,
          result: {
            translation: '[ES] Los pájaros cantaban en las ramas.', sourceName: 'English', targetCode: 'es', rtl: false, cost: 10, cached: false, balance: 99_990,
            back: { kind: 'text', text: 'The birds sang in the branches.', heading: m.bubbleBackHeading!.message.replace('$LANGUAGE$', 'English'), code: 'en', rtl: false },
          },
        }],
        ['bubble (put in place at once)', {
          anchor: '#second', labels, target: 'es', editable: true,
          result: { translation: '[ES] Gracias.', sourceName: 'English', targetCode: 'es', rtl: false, cost: 1, cached: false, balance: 99_989, replaced: m.bubbleReplacedAtOnce!.message },
        }],
        ['bubble (Replace not taken by the page)', {
          anchor: '#second', labels, target: 'es', editable: true,
          result: { translation: '[ES] Gracias.', sourceName: 'English', targetCode: 'es', rtl: false, cost: 1, cached: false, balance: 99_989, notReplaced: m.bubbleNotReplaced!.message },
        }],
        ['bubble (right-to-left result)', {
          anchor: '#second', labels, target: 'ar',
          result: { translation: 'غنّت الطيور في الأغصان فوقه.', sourceName: 'English', targetCode: 'ar', rtl: true, cost: 1, cached: true, balance: null },
        }],
        ['bubble (error)', { anchor: '#second', labels, target: 'es', error: { message: 'The service rejected your API key.', action: m.openOptions!.message } }],
        ['bubble (asking to confirm the cost)', { anchor: '#second', labels, target: 'es', confirm: 1_250 }],
      ];
      for (const [surface, state] of states) {
        await article.evaluate((s) => (globalThis as unknown as { voxlateBubbleHarness: (o: unknown) => void }).voxlateBubbleHarness(s), state);
        await expect(article.getByRole('dialog', { name: labels.dialog })).toBeVisible();
        await checkPage(article, surface, testInfo, { shadow: true });
      }
      // Right-to-left: the translation runs right to left and starts at the right edge.
      await article.evaluate((s) => (globalThis as unknown as { voxlateBubbleHarness: (o: unknown) => void }).voxlateBubbleHarness(s), states.find(([name]) => name.includes('right-to-left'))![1]);
      const translation = article.getByRole('dialog').locator('.translation');
      expect(await translation.evaluate((el) => [el.getAttribute('dir'), getComputedStyle(el).direction])).toEqual(['rtl', 'rtl']);

      // The welcome page a new install opens, in this language.
      const welcome = await context.newPage();
      await welcome.goto(`chrome-extension://${extensionId}/welcome.html`);
      await expect(welcome.getByRole('heading', { level: 1 })).toHaveText(m.welcomeTitle!.message);
      expect(await welcome.evaluate(() => document.documentElement.lang.slice(0, 2))).toBe(locale);
      await checkPage(welcome, 'welcome', testInfo);

      // The PDF reader with a paper open (the test build may fetch from 127.0.0.1 itself).
      const reader = await context.newPage();
      const paper = `${pages.url.replace('localhost', '127.0.0.1')}/fixtures/pdf/paper.pdf`;
      await reader.goto(`chrome-extension://${extensionId}/reader.html?file=${encodeURIComponent(paper)}`);
      await expect(reader.getByRole('button', { name: m.readerReadAloud!.message })).toBeEnabled();
      await checkPage(reader, 'PDF reader', testInfo);
    } finally {
      await context.close();
    }
  });
}
