import type { BrowserContext, Page } from '@playwright/test';
import { connectService, expect, test } from './fixtures';

const EMAIL = 'voices@demo.test';

/** What the watcher installed at document start saw (see WATCH). */
interface Watch {
  /** The root's content when it first had some. */
  first: { appScriptRan: boolean; email: boolean; voices: number; tab: string | null } | null;
  /** In the order the page got them: its first content, each module preload, each module script. */
  order: string[];
  /** Moments (MutationObserver callbacks) after that when the account's email or every voice was missing. */
  vanished: string[];
  /** Whether the email's and the first voice's elements seen first are still the ones in the page. */
  same: () => boolean;
}

/**
 * Installed before any of the popup's own scripts: watches every change of the document, from the
 * first one on. The app's script marks `voxlate:script` in test builds when it starts running.
 */
function watch() {
  const w = window as unknown as { voxlateWatch: Omit<Watch, 'same'> & { nodes: Element[] }; voxlateSame: () => boolean };
  const state: Omit<Watch, 'same'> & { nodes: Element[] } = { first: null, vanished: [], nodes: [], order: [] };
  w.voxlateWatch = state;
  const emailOf = () => [...document.querySelectorAll('[aria-label="Account"] span')].find((s) => s.textContent === 'voices@demo.test') ?? null;
  const voicesOf = () => [...document.querySelectorAll('[role="radiogroup"] input[type="radio"][value]')];
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof HTMLLinkElement && node.rel === 'modulepreload') state.order.push(`preload ${new URL(node.href).pathname}`);
        else if (node instanceof HTMLScriptElement && node.type === 'module') state.order.push(`app ${new URL(node.src).pathname}`);
        else if (node.parentElement?.id === 'root' && !state.order.includes('content')) state.order.push('content');
      }
    }
    const root = document.getElementById('root');
    if (!root?.firstChild && !state.first) return;
    const email = emailOf();
    const voices = voicesOf();
    if (!state.first) {
      state.first = {
        appScriptRan: performance.getEntriesByName('voxlate:script').length > 0,
        email: email !== null,
        voices: voices.length,
        tab: document.querySelector('[role="tab"][aria-selected="true"]')?.textContent ?? null,
      };
      state.nodes = [email, voices[0]].filter((n): n is Element => n !== null);
      return;
    }
    if (!email || voices.length === 0) state.vanished.push(`${performance.now().toFixed(0)} ms: email ${email ? 'there' : 'missing'}, ${voices.length} voices`);
  }).observe(document, { childList: true, subtree: true, characterData: true });
  w.voxlateSame = () => state.nodes.length === 2 && state.nodes.every((n) => n.isConnected);
}

async function openPopup(context: BrowserContext, extensionId: string, watched = false): Promise<Page> {
  const page = await context.newPage();
  if (watched) await page.addInitScript(watch);
  await page.goto(`chrome-extension://${extensionId}/popup.html`);
  return page;
}

/** Until React has rendered the popup's first screen (test builds: window.__voxlateFirstRender). */
async function reactRendered(popup: Page): Promise<void> {
  await expect.poll(() => popup.evaluate(() => window.__voxlateFirstRender !== undefined)).toBe(true);
}

test.describe('popup first paint', () => {
  test('the first paint already shows the cached account and voices, and React takes the same elements over', async ({ context, background, extensionId, emulator }) => {
    await connectService(background, emulator.url, 'demo-voices');
    // The first opening fills the caches of account and voices; the next one keeps its first screen.
    const first = await openPopup(context, extensionId);
    await expect(first.getByRole('region', { name: 'Account' })).toContainText(EMAIL);
    await expect(first.getByRole('status').filter({ hasText: 'of 1,000 voices' })).toBeVisible();
    await first.close();
    const second = await openPopup(context, extensionId);
    await reactRendered(second);
    await expect(second.getByRole('status').filter({ hasText: 'Showing 100 of 1,000 voices' })).toBeVisible();
    await second.close();

    const popup = await openPopup(context, extensionId, true);
    await reactRendered(popup);
    const seen = await popup.evaluate(() => (window as unknown as { voxlateWatch: { first: Watch['first']; vanished: string[]; order: string[] } }).voxlateWatch);
    // In the page before the app's script had run: the account, the tab and the cached voices.
    expect(seen.first).toEqual({ appScriptRan: false, email: true, voices: 100, tab: 'Speak' });
    // The app's modules are preloaded by the page itself as it is parsed (not asked for by the app
    // after the paint); the one run, once, after the kept screen is there, is the preloaded one.
    const entry = await popup.evaluate(() => new URL((document.getElementById('voxlate-app') as HTMLLinkElement).href).pathname);
    const apps = seen.order.filter((o) => o.startsWith('app '));
    expect(seen.order[0]).toBe('content');
    expect(apps).toEqual([`app ${entry}`]);
    const preloads = seen.order.slice(0, seen.order.indexOf(apps[0]!)).filter((o) => o.startsWith('preload '));
    expect(preloads).toContain(`preload ${entry}`);
    expect(preloads.length).toBeGreaterThan(1);
    // The browser painted it before the app's script ran.
    const order = await popup.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      script: performance.getEntriesByName('voxlate:script')[0]?.startTime ?? null,
    }));
    expect(order.paint).not.toBeNull();
    expect(order.paint!).toBeLessThan(order.script!);
    // React took those very elements over: nothing vanished, nothing was replaced.
    expect(seen.vanished).toEqual([]);
    expect(await popup.evaluate(() => (window as unknown as { voxlateSame: () => boolean }).voxlateSame())).toBe(true);

    // And they work as React's own: the account region and the voices respond as before.
    await expect(popup.getByRole('region', { name: 'Account' })).toContainText('100,000 credits');
    await popup.getByRole('radiogroup', { name: 'Voices' }).getByRole('radio').nth(1).check();
    await expect(popup.getByRole('button', { name: /^Preview / })).toBeVisible();
    await popup.getByRole('tab', { name: 'Translate' }).click();
    await expect(popup.getByRole('tab', { name: 'Translate' })).toHaveAttribute('aria-selected', 'true');
    await expect(popup.getByRole('tabpanel', { name: 'Translate' })).toBeVisible();
  });

  test('a first screen kept from another account is not painted after the service changes', async ({ context, background, extensionId, emulator }) => {
    await connectService(background, emulator.url, 'demo-voices');
    for (let i = 0; i < 2; i++) {
      const popup = await openPopup(context, extensionId);
      await expect(popup.getByRole('region', { name: 'Account' })).toContainText(EMAIL);
      await reactRendered(popup);
      await popup.close();
    }
    // Another key saved in the options ("Save and test").
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await options.getByLabel('API key', { exact: true }).fill('demo-pro');
    await options.getByRole('button', { name: 'Save and test' }).click();
    await expect(options.getByText('pro@demo.test').first()).toBeVisible();
    await options.close();

    const popup = await openPopup(context, extensionId, true);
    await reactRendered(popup);
    await expect(popup.getByRole('region', { name: 'Account' })).toContainText('pro@demo.test');
    const seen = await popup.evaluate(() => (window as unknown as { voxlateWatch: { first: Watch['first'] } }).voxlateWatch);
    // Its first content came from React, with the new account: the old email was never shown.
    expect(seen.first!.appScriptRan).toBe(true);
    expect(seen.first!.email).toBe(false);
  });
});

// The browser is reused from test to test (fixtures.ts): the popup's kept first screen, in its
// localStorage, must not reach the next test, whose popup would paint another test's account.
test.describe.serial('a reused browser', () => {
  test('a test leaves a popup first screen kept', async ({ context, background, extensionId, emulator }) => {
    await connectService(background, emulator.url, 'demo-voices');
    const popup = await openPopup(context, extensionId);
    await expect(popup.getByRole('region', { name: 'Account' })).toContainText(EMAIL);
    await expect.poll(() => popup.evaluate(() => localStorage.length)).toBeGreaterThan(0);
  });

  test('the next test starts with none: its popup paints from React', async ({ context, extensionId }) => {
    const page = await context.newPage();
    await page.addInitScript(() => ((window as unknown as { keptAtStart: number }).keptAtStart = localStorage.length));
    await page.goto(`chrome-extension://${extensionId}/popup.html`);
    await reactRendered(page);
    expect(await page.evaluate(() => (window as unknown as { keptAtStart: number }).keptAtStart)).toBe(0);
  });
});
