import { defineConfig } from 'wxt';

/**
 * One config for Chrome (MV3) and Firefox.
 * VOXLATE_TEST_BUILD=1 (tests and the demo) builds the same code into a separate folder, with one
 * difference: loopback access is granted at install, because a headless browser cannot click
 * "Allow" on the permission prompt that "Save and test" raises for the service's address.
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
    ...(testBuild ? { host_permissions: ['http://127.0.0.1/*'] } : {}),
    ...(browser === 'firefox'
      ? { browser_specific_settings: { gecko: { id: 'voxlate@example.org', strict_min_version: '128.0' } } }
      : {}),
  }),
});
