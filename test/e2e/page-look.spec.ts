import type { BrowserContext, Page } from '@playwright/test';
import { connectService, expect, setSettings, test } from './fixtures';
import { callOnAxNode, chooseMenuEntry, findAxNode, selectText, waitForStatus, type AxNode } from '../support/extension';

/*
 * Our UI on other people's pages takes the look of the page behind it (light or dark), whatever
 * the system's setting, and its text keeps AA contrast on its own surface.
 */

/** Relative luminance and contrast as WCAG 2 defines them, computed here, apart from the extension's code. */
const channels = (css: string) => css.match(/[\d.]+/g)!.slice(0, 3).map(Number);
function luminance(rgb: number[]): number {
  const [r, g, b] = rgb.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/**
 * The surface's own background and ink (our shadow roots are closed: reached through the
 * accessibility tree); for a text, those of the element with the role around it.
 */
async function lookOf(context: BrowserContext, page: Page, node: AxNode): Promise<{ background: number[]; ink: number[] }> {
  const style = await callOnAxNode<{ background: string; color: string }>(context, page, node,
    'function () { const el = this.nodeType === 3 ? this.parentElement.closest("[role]") : this; const s = getComputedStyle(el); return { background: s.backgroundColor, color: s.color }; }');
  return { background: channels(style.background), ink: channels(style.color) };
}

const LOOKS = [
  { name: 'a dark page with the system in light mode', system: 'light' as const, pageCss: 'html, body { background: #15171c !important; color: #e4e4e4 !important; }', dark: true },
  { name: 'a light page with the system in dark mode', system: 'dark' as const, pageCss: null, dark: false },
];

test.describe('our UI takes the page\'s look', () => {
  for (const look of LOOKS) {
    test(`on ${look.name}, the notice, the bubble and the player are ${look.dark ? 'dark' : 'light'}, their text at AA contrast`, async ({ context, background, extensionId, emulator, pages }) => {
      await connectService(background, emulator.url, 'demo-pro');
      await setSettings(background, { targetLanguage: 'es' });
      const page = await context.newPage();
      await page.goto(`${pages.url}/fixtures/article.html`);
      await page.emulateMedia({ colorScheme: look.system });
      if (look.pageCss) await page.addStyleTag({ content: look.pageCss });
      const check = async (what: string, node: AxNode) => {
        const { background: surface, ink } = await lookOf(context, page, node);
        expect(luminance(surface) < 0.18, `${what}: background rgb(${surface.join(', ')})`).toBe(look.dark);
        expect(contrast(ink, surface), `${what}: rgb(${ink.join(', ')}) on rgb(${surface.join(', ')})`).toBeGreaterThanOrEqual(4.5);
      };

      // A notice: reading a selection with nothing selected.
      await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
      await check('notice', await findAxNode(context, page, 'StaticText', /Nothing is selected/));
      await page.keyboard.press('Escape');

      await selectText(page, '#second');
      await chooseMenuEntry(context, background, extensionId, page, 'voxlate-translate-selection');
      await findAxNode(context, page, 'StaticText', /^\[ES\]/);
      await check('bubble', await findAxNode(context, page, 'dialog', 'Translation'));
      await page.keyboard.press('Escape');

      await selectText(page, '#first');
      await chooseMenuEntry(context, background, extensionId, page, 'voxlate-read-selection');
      await waitForStatus(background, 'playing');
      await check('player', await findAxNode(context, page, 'toolbar', /Voxlate/));
    });
  }
});
