import path from 'node:path';
import { existsSync } from 'node:fs';
import { build, type Rolldown } from 'vite';

const EDITORS_DIR = path.resolve(import.meta.dirname, '../fixtures/editors');
const bundles = new Map<string, Promise<string>>();

/** What an editor's bundle needs beyond the defaults, as a site's own build config says it. */
const EDITOR_DEFINES: Record<string, Record<string, string>> = {
  // Draft.js (through fbjs) reads Node's `global`, which webpack 4 provided and Vite sites define.
  'rich-react': { global: 'globalThis' },
};

/**
 * A fixture page's editor script (test/fixtures/editors/<name>.tsx or .ts): the real library from
 * node_modules, bundled once per process into one classic script, in memory. Null when there is
 * no such editor.
 */
export function editorScript(name: string): Promise<string> | null {
  const entry = ['tsx', 'ts'].map((ext) => path.join(EDITORS_DIR, `${name}.${ext}`)).find((file) => existsSync(file));
  if (!/^[\w-]+$/.test(name) || !entry) return null;
  let bundle = bundles.get(name);
  if (!bundle) {
    bundle = (async () => {
      const result = await build({
        configFile: false,
        logLevel: 'silent',
        define: { 'process.env.NODE_ENV': '"production"', ...EDITOR_DEFINES[name] },
        build: { write: false, minify: true, lib: { entry, formats: ['iife'], name: `voxlateEditor_${name.replace(/-/g, '_')}` } },
      });
      const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
      const chunk = outputs[0]!.output.find((o) => o.type === 'chunk');
      if (!chunk || chunk.type !== 'chunk') throw new Error(`the editor ${name} built no script`);
      return chunk.code;
    })();
    bundles.set(name, bundle);
  }
  return bundle;
}
