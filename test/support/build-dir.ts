import path from 'node:path';

/**
 * Where the test build is: `.output-test` unless VOXLATE_TEST_OUT names another folder (relative to
 * the project), so two people working in one tree can each build and test their own without one
 * build changing under the other's running test. wxt.config.ts reads the same variable.
 */
const TEST_BUILD_DIR = path.resolve(import.meta.dirname, '../..', process.env.VOXLATE_TEST_OUT ?? '.output-test');

/** The extension as built for tests (same code as the store build, separate folder), per browser. */
export const CHROME_TEST_BUILD = path.join(TEST_BUILD_DIR, 'chrome-mv3');
export const FIREFOX_TEST_BUILD = path.join(TEST_BUILD_DIR, 'firefox-mv2');
