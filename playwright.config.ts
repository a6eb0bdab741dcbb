import { defineConfig } from '@playwright/test';

/** End-to-end tests of the built extension (npm test builds it first into .output-test). */
export default defineConfig({
  testDir: 'test/e2e',
  // Each test launches its own browser profile; two cores are enough for two at a time.
  workers: process.env.CI ? 2 : 2,
  fullyParallel: true,
  // CI gets one retry so a timing flake on a loaded machine does not block a landing; flaky tests
  // are counted and named in npm test's summary, never hidden.
  retries: process.env.CI ? 1 : 0,
  // Waits are for events and states, never for a moment: on a busy 2-core machine (two browsers,
  // the emulator speaking, load about 10) a translation or a first audio can take well over 10 s.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  // Its own folder, which Playwright empties at the start: the unit tests' report stays beside it.
  outputDir: 'test-results/e2e',
  use: { trace: { mode: 'retain-on-failure', screenshots: false } },
});
