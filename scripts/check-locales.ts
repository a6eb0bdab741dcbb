/**
 * `npx tsx scripts/check-locales.ts`: every locale in public/_locales (en too) has every key of en with the
 * same placeholders. Prints what is missing or wrong and exits 1, or says all is well.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compareLocale, type LocaleMessages } from './i18n-locales';

const dir = path.resolve(import.meta.dirname, '../public/_locales');
const read = (code: string): LocaleMessages => JSON.parse(readFileSync(path.join(dir, code, 'messages.json'), 'utf8'));
const en = read('en');
let failed = false;
for (const code of readdirSync(dir).sort()) {
  const problems = compareLocale(en, read(code));
  failed ||= problems.length > 0;
  console.log(problems.length ? `✗ ${code}:\n  ${problems.join('\n  ')}` : `✓ ${code}: ${Object.keys(en).length} keys`);
}
process.exit(failed ? 1 : 0);
