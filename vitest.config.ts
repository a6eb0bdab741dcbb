import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['lib/**/*.test.ts', 'scripts/**/*.test.ts', 'emulator/**/*.test.ts', 'components/**/*.test.ts?(x)', 'test/contract/**/*.test.ts'],
    testTimeout: 20000,
    // Vitest's default leaves one of the machine's two cores idle (cores - 1 workers).
    maxWorkers: 2,
  },
});
