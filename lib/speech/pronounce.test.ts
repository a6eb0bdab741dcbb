import { describe, expect, it } from 'vitest';
import { applyPronunciations, rulesFor, type Pronunciation } from './pronounce';

const rule = (write: string, say: string, more: Partial<Pronunciation> = {}): Pronunciation => ({ write, say, language: null, site: null, ...more });
const en = { language: 'en', site: 'news.example.com' };

describe('applyPronunciations', () => {
  it('says a listed word as asked, as a whole word only', () => {
    expect(applyPronunciations('Dr. Smith met Smithers.', [rule('Smith', 'Smythe')], en)).toBe('Dr. Smythe met Smithers.');
  });

  it('matches a lower-case form in any case, one with capitals only as written', () => {
    const rules = [rule('nginx', 'engine x'), rule('SQL', 'sequel')];
    expect(applyPronunciations('Nginx and nginx; SQL, not sql.', rules, en)).toBe('engine x and engine x; sequel, not sql.');
  });

  it('prefers the longest form and never rewrites what another rule put in', () => {
    const rules = [rule('York', 'Yorkk'), rule('New York', 'Noo York'), rule('Noo', 'no')];
    expect(applyPronunciations('New York and York.', rules, en)).toBe('Noo York and Yorkk.');
  });

  it('keeps rules to their language and site (subdomains included)', () => {
    const rules = [rule('Jose', 'Hoseh', { language: 'es' }), rule('Kubernetes', 'koo-ber-net-eez', { site: 'example.com' })];
    expect(applyPronunciations('Jose uses Kubernetes.', rules, en)).toBe('Jose uses koo-ber-net-eez.');
    expect(applyPronunciations('Jose usa Kubernetes.', rules, { language: 'es-MX', site: 'other.org' })).toBe('Hoseh usa Kubernetes.');
    expect(applyPronunciations('Kubernetes.', rules, { language: 'en', site: null })).toBe('Kubernetes.');
  });

  it('replaces inside text written without spaces, and leaves special characters literal', () => {
    expect(applyPronunciations('東京都に行く', [rule('東京', 'とうきょう')], { language: 'ja', site: null })).toBe('とうきょう都に行く');
    expect(applyPronunciations('C++ and C', [rule('C++', 'C plus plus')], en)).toBe('C plus plus and C');
  });

  it('leaves the text alone without rules, or with blank ones', () => {
    expect(applyPronunciations('Plain.', [], en)).toBe('Plain.');
    expect(rulesFor([rule('  ', 'x')], en)).toEqual([]);
  });
});
