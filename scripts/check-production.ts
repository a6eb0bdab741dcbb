/**
 * `tsx scripts/check-production.ts [dir…]`: the store builds carry none of the test build's
 * hooks or benchmark marks (they sit behind __VOXLATE_TEST_HOOKS__ and must be dropped from the
 * bundles), and Chrome's service worker carries no mp3 codec (a download's join is made in the
 * offscreen document, lib/background/download/file.ts: the worker's script is parsed at every
 * wake-up), nor does the offscreen document as it opens (it imports the codec for a join only).
 * Prints one line per check and "N passed, N failed".
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Strings only test-build code contains: the hooks and the benchmark's marks. */
const TEST_ONLY = ['voxlateTestHooks', '__voxlateFirstRender', '__voxlateBeforeApp', 'voxlate:script', 'voxlate:cached', 'performance.mark(', 'voxlate-output-tap'];
/** Strings of the mp3 codec's libraries (lamejs's encoder, the mpg123 WebAssembly decoder). */
const CODEC = ['lame_init', 'lame_encode_buffer', 'mpg123', 'WASMAudioDecoderCommon'];

function scripts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return scripts(full);
    return /\.(js|html)$/.test(entry.name) ? [full] : [];
  });
}

/** The service worker's script of a build, if its manifest has one (Chrome's MV3). */
function serviceWorker(dir: string): string | null {
  const manifestFile = path.join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  const worker = (JSON.parse(readFileSync(manifestFile, 'utf8')) as { background?: { service_worker?: string } }).background?.service_worker;
  return worker ? path.join(dir, worker) : null;
}

/**
 * The scripts an extension page loads as it opens: its own (the HTML's script tags) and what they
 * import statically, not what they import() on demand.
 */
function loadedAtOpen(dir: string, page: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/(?:^|[;}\n])\s*import\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+)["']/g)) visit(path.resolve(path.dirname(file), spec!));
  };
  for (const [, src] of readFileSync(path.join(dir, page), 'utf8').matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) visit(path.join(dir, src!));
  return [...seen];
}

const dirs = process.argv.slice(2);
let passed = 0;
let failed = 0;
function report(ok: boolean, line: string): void {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? '✓' : '✘'} ${line}`);
}

for (const dir of dirs.length ? dirs : ['.output/chrome-mv3', '.output/firefox-mv2']) {
  const files = scripts(dir);
  const found = files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return TEST_ONLY.filter((marker) => text.includes(marker)).map((marker) => `${path.relative(dir, file)}: ${marker}`);
  });
  report(files.length > 0 && found.length === 0, `${dir}: ${files.length} scripts${found.length ? `, test-only code found:\n  ${found.join('\n  ')}` : ', no test-only code'}`);

  const worker = serviceWorker(dir);
  if (worker) {
    const text = readFileSync(worker, 'utf8');
    const codec = CODEC.filter((marker) => text.includes(marker));
    const kb = Math.round(text.length / 1024);
    report(codec.length === 0, `${dir}: service worker ${path.basename(worker)} (${kb} KB) ${codec.length ? `carries the mp3 codec: ${codec.join(', ')}` : 'carries no mp3 codec'}`);
    // The offscreen player opens with every reading: it loads the codec only when it joins a download.
    if (existsSync(path.join(dir, 'offscreen.html'))) {
      const loaded = loadedAtOpen(dir, 'offscreen.html');
      const withCodec = loaded.filter((file) => CODEC.some((marker) => readFileSync(file, 'utf8').includes(marker))).map((file) => path.relative(dir, file));
      report(loaded.length > 0 && withCodec.length === 0, `${dir}: offscreen document, ${loaded.length} scripts at open, ${withCodec.length ? `the mp3 codec in ${withCodec.join(', ')}` : 'no mp3 codec (loaded on demand)'}`);
    }
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
