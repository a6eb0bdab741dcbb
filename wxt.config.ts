import { defineConfig } from 'wxt';

/**
 * One config for Chrome (MV3) and Firefox.
 * VOXLATE_TEST_BUILD=1 writes to a separate folder and exposes nothing extra: tests drive the
 * same code users get; only the output folder differs so a dev build never clobbers it.
 */
const testBuild = process.env.VOXLATE_TEST_BUILD === '1';

export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  outDir: testBuild ? '.output-test' : '.output',
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: [
      'storage',
      'contextMenus',
      'activeTab',
      'scripting',
      ...(browser === 'chrome' ? ['offscreen'] : []),
    ],
    optional_host_permissions: ['https://*/*', 'http://127.0.0.1/*', 'http://localhost/*'],
    ...(browser === 'firefox'
      ? { browser_specific_settings: { gecko: { id: 'voxlate@example.org', strict_min_version: '128.0' } } }
      : {}),
  }),
});
