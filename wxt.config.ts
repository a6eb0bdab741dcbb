import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build as bundle } from 'rolldown';
import type { Plugin } from 'vite';
import { defineConfig } from 'wxt';
import { APP_LINK_ID } from './lib/popup/app-start';
import { OUTPUT_TAP_FILE } from './lib/player/output-tap-worklet';

/**
 * One config for Chrome (MV3) and Firefox.
 * VOXLATE_TEST_BUILD=1 (tests and the demo) builds the same code into a separate folder, with one
 * difference: loopback access is granted at install, because a headless browser cannot click
 * "Allow" on the permission prompt that "Save and test" raises for the service's address.
 */
const testBuild = process.env.VOXLATE_TEST_BUILD === '1';
/**
 * What pdf.js loads at run time, shipped inside the extension (the reader loads nothing from
 * anywhere else): the standard fonts for PDFs that do not embed theirs, the character maps of
 * CJK documents, and the decoders of scanned images.
 */
const PDFJS = path.resolve(import.meta.dirname, 'node_modules/pdfjs-dist');
const PDFJS_DATA = ['standard_fonts', 'cmaps', 'wasm'].flatMap((dir) =>
  readdirSync(path.join(PDFJS, dir)).filter((name) => !name.includes('quickjs')).map((name) => ({ absoluteSrc: path.join(PDFJS, dir, name), relativeDest: `pdfjs/${dir}/${name}` })),
);
/** A script of lib/ as one classic file with everything it imports (a page's first script, a worklet). */
async function scriptOf(file: string, minify = true): Promise<string> {
  const result = await bundle({
    input: path.resolve(import.meta.dirname, file),
    write: false,
    output: { format: 'iife', minify, comments: { annotation: false } },
  });
  return result.output[0].code;
}
/**
 * popup.html as built: its styles inline (a stylesheet link is a request that the first paint, and
 * popup-paint.js, which waits for the page's stylesheets, would wait for; extension pages restrict
 * scripts, not styles), and its app's module script made a module preload that popup-paint.js runs
 * once the kept first screen is painted (lib/popup/app-start.ts): fetched and compiled at once,
 * run after that paint.
 */
function popupHtml(): Plugin {
  return {
    name: 'voxlate-popup-html',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !/entrypoints\/popup\/index\.html$/.test(ctx.filename)) return html;
        const bundle = ctx.bundle;
        const built = html
          .replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
            const asset = bundle[file];
            return asset?.type === 'asset' ? `<style>${String(asset.source).replaceAll('</', '<\\/')}</style>` : link;
          })
          .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, `<link rel="modulepreload" crossorigin href="$1" id="${APP_LINK_ID}">`);
        // The app's preloads after popup-paint.js: the page asks for that small script first.
        const app: string[] = [];
        const moved = built.replace(/\s*<link rel="modulepreload"[^>]*>/g, (tag) => (app.push(tag.trim()), '')).replace('</body>', `  ${app.join('\n    ')}\n  </body>`);
        if (!moved.includes(`id="${APP_LINK_ID}"`) || moved.includes('<script type="module"')) throw new Error('popup.html: its app script was not found');
        return moved;
      },
    },
  };
}
const SERVICE_ORIGINS = ['https://*/*', 'http://127.0.0.1/*', 'http://localhost/*'];
/** Asked for one site at a time: a PDF linked from a page of another site ("Open in Voxlate reader"). */
const LINKED_PDF_ORIGINS = ['http://*/*'];

export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  // VOXLATE_TEST_OUT: another folder for a test build (test/support/build-dir.ts reads it too).
  outDir: testBuild ? (process.env.VOXLATE_TEST_OUT ?? '.output-test') : '.output',
  hooks: {
    // Test builds record the player's output (for measuring gaps between chunks) with this worklet;
    // every build gets the popup's first script.
    'build:publicAssets': async (_, files) => {
      if (testBuild) files.push({ relativeDest: OUTPUT_TAP_FILE, contents: await scriptOf('lib/player/output-tap.worklet.ts', false) });
      files.push(...PDFJS_DATA, { relativeDest: 'popup-paint.js', contents: await scriptOf('lib/popup/paint-script.ts') });
    },
  },
  vite: () => ({
    // Test builds expose the handlers of menus and shortcuts, which a headless browser cannot click.
    define: { __VOXLATE_TEST_HOOKS__: JSON.stringify(testBuild) },
    // Both browsers preload modules themselves (Chrome 66, Firefox 115): no polyfill in every page.
    build: { modulePreload: { polyfill: false } },
    plugins: [popupHtml()],
  }),
  manifest: ({ browser, manifestVersion }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: [
      'storage',
      'contextMenus',
      'activeTab',
      'scripting',
      'downloads',
      ...(browser === 'chrome' ? ['offscreen'] : []),
    ],
    action: { default_title: '__MSG_extName__' },
    // Private windows: one background for every window (Chrome's default; the only mode Firefox
    // knows besides "not_allowed"), which sees each tab's `incognito` flag and keeps what a private
    // window uses in memory only (lib/background/private-windows.ts). "split" would give Chrome's
    // private windows a second worker, player and cache of their own, and Firefox would refuse it.
    incognito: 'spanning',
    // WebAssembly (the mp3 decoder a gapless download joins with) and nothing else beyond the default;
    // Firefox's MV2 pages allow it already.
    ...(manifestVersion === 3 ? { content_security_policy: { extension_pages: "script-src 'self' 'wasm-unsafe-eval'; object-src 'self';" } } : {}),
    commands: {
      'read-aloud': { suggested_key: { default: 'Alt+Shift+R' }, description: '__MSG_commandRead__' },
      'pause-resume': { suggested_key: { default: 'Alt+Shift+P' }, description: '__MSG_commandPause__' },
      'stop-reading': { suggested_key: { default: 'Alt+Shift+S' }, description: '__MSG_commandStop__' },
      'translate-selection': { suggested_key: { default: 'Alt+Shift+T' }, description: '__MSG_commandTranslate__' },
      // Chrome takes at most four suggested keys: the user sets these in the browser's shortcut page.
      'speed-up': { description: '__MSG_commandSpeedUp__' },
      'speed-down': { description: '__MSG_commandSpeedDown__' },
      'translate-page': { description: '__MSG_commandTranslatePage__' },
      'read-translated': { description: '__MSG_commandReadTranslated__' },
    },
    // The service's address, asked for when the user saves it (MV2 has no optional_host_permissions).
    ...(manifestVersion === 2
      ? { optional_permissions: [...SERVICE_ORIGINS, ...LINKED_PDF_ORIGINS] }
      : { optional_host_permissions: [...SERVICE_ORIGINS, ...LINKED_PDF_ORIGINS] }),
    // PDFs saved on this computer: only where the user turned on the browser's "Allow access to file URLs" (no warning otherwise).
    host_permissions: [...(browser === 'chrome' ? ['file:///*'] : []), ...(testBuild ? ['http://127.0.0.1/*'] : [])],
    // The API key's lockdown (storage.local closed to content scripts) needs Chrome 140; older
    // Chromes would accept the call and keep local storage open, so they are not offered the add-on.
    ...(browser === 'chrome' ? { minimum_chrome_version: '140' } : {}),
    ...(browser === 'firefox'
      ? { browser_specific_settings: {
            gecko: {
              id: 'voxlate@example.org',
              strict_min_version: '142.0',
              // The text the user chooses to hear or translate goes to the service they configured.
              data_collection_permissions: { required: ['websiteContent'] },
            },
          }, }
      : {}),
  }),
});
