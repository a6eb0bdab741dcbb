/**
 * Runs `web-ext lint` on the Firefox build: no errors allowed, and no warning except the two that
 * come from libraries we bundle, not from our code (each listed with its reason).
 */
import { execFileSync } from 'node:child_process';

const LIBRARY_WARNINGS: Record<string, string> = {
  // zod 4 probes `new Function('')` once to decide whether it may JIT; we run it jitless
  // (lib/zod-setup.ts), so the constructor is never called, but the linter reads the source.
  DANGEROUS_EVAL: 'zod capability probe (disabled by jitless mode)',
  // react-dom's implementation of dangerouslySetInnerHTML (which our code never uses),
  // Readability's work on its own detached copy of the page (in the article script), and pdf.js's
  // viewer and worker (in the PDF reader page only, its own markup; our code sets text as text).
  UNSAFE_VAR_ASSIGNMENT: 'react-dom, @mozilla/readability and pdf.js internals (Readability parses a detached clone; pdf.js only in the reader page)',
};

const dir = process.argv[2] ?? '.output/firefox-mv2';
let out = '';
try {
  out = execFileSync('npx', ['web-ext', 'lint', '-s', dir, '--self-hosted', '--output=json'], { encoding: 'utf8' });
} catch (error) {
  out = (error as { stdout?: string }).stdout ?? '';
}
const report = JSON.parse(out) as {
  errors: { code: string; message: string; file?: string }[];
  warnings: { code: string; message: string; file?: string }[];
};
const unexpected = report.warnings.filter((w) => !(w.code in LIBRARY_WARNINGS));
for (const item of [...report.errors, ...unexpected]) console.log(`✘ ${item.code} ${item.file ?? ''}: ${item.message}`);
for (const w of report.warnings.filter((w) => w.code in LIBRARY_WARNINGS)) {
  console.log(`· ${w.code} in ${w.file}: allowed, ${LIBRARY_WARNINGS[w.code]}`);
}
console.log(`web-ext lint: ${report.errors.length} errors, ${unexpected.length} warnings from our code`);
process.exit(report.errors.length + unexpected.length > 0 ? 1 : 0);
