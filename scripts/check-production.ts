/**
 * `tsx scripts/check-production.ts [dir…]`: the store builds carry none of the test build's
 * hooks or benchmark marks (they sit behind __VOXLATE_TEST_HOOKS__ and must be dropped from the
 * bundles), and the mp3 codec is in the join worker's script alone (lib/audio/join.worker.ts,
 * started for a download's join only): not in the background (Chrome's service worker is parsed at
 * every wake-up; Firefox's background page is also its player), nor in what the offscreen
 * document loads as it opens.
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

/** The background's scripts of a build: Chrome's service worker, or Firefox's background scripts. */
function backgroundScripts(dir: string): string[] {
  const manifestFile = path.join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) return [];
  const { background } = JSON.parse(readFileSync(manifestFile, 'utf8')) as { background?: { service_worker?: string; scripts?: string[] } };
  return [...(background?.service_worker ? [background.service_worker] : []), ...(background?.scripts ?? [])].map((file) => path.join(dir, file));
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

  const hasCodec = (file: string) => CODEC.filter((marker) => readFileSync(file, 'utf8').includes(marker));
  const background = backgroundScripts(dir);
  report(background.length > 0, `${dir}: background ${background.length ? background.map((file) => path.relative(dir, file)).join(', ') : 'not found in manifest.json'}`);
  for (const file of background) {
    const codec = hasCodec(file);
    const kb = Math.round(readFileSync(file, 'utf8').length / 1024);
    report(codec.length === 0, `${dir}: background ${path.relative(dir, file)} (${kb} KB) ${codec.length ? `carries the mp3 codec: ${codec.join(', ')}` : 'carries no mp3 codec'}`);
  }
  // The offscreen player opens with every reading: it starts the join worker only to join a download.
  if (existsSync(path.join(dir, 'offscreen.html'))) {
    const loaded = loadedAtOpen(dir, 'offscreen.html');
    const withCodec = loaded.filter((file) => hasCodec(file).length > 0).map((file) => path.relative(dir, file));
    report(loaded.length > 0 && withCodec.length === 0, `${dir}: offscreen document, ${loaded.length} scripts at open, ${withCodec.length ? `the mp3 codec in ${withCodec.join(', ')}` : 'no mp3 codec (in the join worker)'}`);
  }
  // Found where it belongs (so the checks above cannot pass for markers gone stale), and nowhere else.
  const codecFiles = files.filter((file) => hasCodec(file).length > 0).map((file) => path.relative(dir, file));
  const joinWorker = (file: string) => /(^|\/)join\.worker-[\w-]+\.js$/.test(file);
  report(codecFiles.length > 0 && codecFiles.every(joinWorker), `${dir}: the mp3 codec ${codecFiles.length ? `in ${codecFiles.join(', ')}` : 'found nowhere'}${codecFiles.every(joinWorker) ? '' : ' (only the join worker may hold it)'}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
