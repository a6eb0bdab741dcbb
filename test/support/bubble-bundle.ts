import path from 'node:path';
import { build, type Rolldown } from 'vite';

let bundle: Promise<string> | null = null;

/**
 * The bubble harness (test/fixtures/bubble-harness.ts) bundled into one classic script, in
 * memory, for page.addScriptTag: the real bubble code, built the way Vite builds the extension.
 */
export function bubbleHarnessScript(): Promise<string> {
  bundle ??= (async () => {
    const result = await build({
      configFile: false,
      logLevel: 'silent',
      build: {
        write: false,
        minify: false,
        lib: { entry: path.resolve(import.meta.dirname, '../fixtures/bubble-harness.ts'), formats: ['iife'], name: 'voxlateBubbleHarnessModule' },
      },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    const chunk = outputs[0]!.output.find((o) => o.type === 'chunk');
    if (!chunk || chunk.type !== 'chunk') throw new Error('the bubble harness built no script');
    return chunk.code;
  })();
  return bundle;
}
