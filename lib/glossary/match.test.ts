import { describe, expect, it } from 'vitest';
import { entriesAt, findTerms, sayTerms, termsToProtect } from './match';
import { entry } from './entry.test-helpers';

const found = (text: string, terms: Parameters<typeof findTerms>[1]) => findTerms(text, terms).map((t) => t.found);

describe('finding glossary terms', () => {
  it('tells "Go" the language from "go" the verb, and finds a lower-case term in any case', () => {
    expect(found('We go home, then write Go and GO.', [entry('Go')])).toEqual(['Go']);
    expect(found('nginx, Nginx and NGINX', [entry('nginx')])).toEqual(['nginx', 'Nginx', 'NGINX']);
    expect(found('Go and go', [entry('go', { case: 'exact' })])).toEqual(['go']);
  });

  it('finds whole words only, Unicode-aware, punctuation and possessives around them allowed', () => {
    expect(found('Google, gopher, ago and Go.', [entry('Go')])).toEqual(['Go']);
    expect(found("Go's tools (Go) Go-based «Go»", [entry('Go')])).toEqual(['Go', 'Go', 'Go', 'Go']);
    expect(found('Españolito Español', [entry('Español')])).toEqual(['Español']);
    expect(found('Café Cafés', [entry('Café')])).toEqual(['Café']);
    expect(found('Cafe\u0301 Cafe', [entry('Cafe')])).toEqual(['Cafe']);
    expect(found('C++ and C+', [entry('C++')])).toEqual(['C++']);
    expect(found('Firefox\u00a0ESR, Firefox  ESR, Firefox\nESR, Firefox\n\nESR, FirefoxESR', [entry('Firefox ESR')])).toEqual(['Firefox\u00a0ESR', 'Firefox  ESR', 'Firefox\nESR']);
  });

  it('finds terms in scripts written without spaces, and a Latin term between their characters', () => {
    expect(found('東京都に行きます', [entry('東京')])).toEqual(['東京']);
    expect(found('私はGoで書きます', [entry('Go')])).toEqual(['Go']);
    expect(found('私はGopherで', [entry('Go')])).toEqual([]);
  });

  it('keeps the longest of overlapping terms, then the leftmost, never overlapping', () => {
    expect(found('I flew to New York City and York.', [entry('York'), entry('New York'), entry('New York City')])).toEqual(['New York City', 'York']);
    expect(findTerms('A B C D', [entry('A B'), entry('B C D')]).map((t) => [t.start, t.found])).toEqual([[2, 'B C D']]);
    expect(found('Go Go Go', [entry('Go')])).toEqual(['Go', 'Go', 'Go']);
  });

  it('prefers the narrower of two entries for the same words', () => {
    const general = entry('Go', { translate: { mode: 'fixed', text: 'GoLang', byTarget: {} } });
    const onSite = entry('Go', { site: 'go.dev' });
    expect(termsToProtect('Go is fun', [general, onSite], { language: 'en', site: 'go.dev', target: 'de' })[0]?.rendering).toBe('Go');
    expect(termsToProtect('Go is fun', [general, onSite], { language: 'en', site: 'example.com', target: 'de' })[0]?.rendering).toBe('GoLang');
  });

  it('applies an entry for one language or site only there, and one for a language only where the language is known', () => {
    const es = entry('Jose', { language: 'es' });
    const site = entry('Jose', { site: 'example.com' });
    expect(entriesAt([es], { language: 'es-MX', site: null })).toEqual([es]);
    expect(entriesAt([es], { language: 'en', site: null })).toEqual([]);
    expect(entriesAt([es], { language: null, site: null })).toEqual([]);
    expect(entriesAt([site], { language: null, site: 'news.example.com' })).toEqual([site]);
    expect(entriesAt([site], { language: null, site: 'www.example.com' })).toEqual([site]);
    expect(entriesAt([site], { language: null, site: 'badexample.com' })).toEqual([]);
    expect(entriesAt([site], { language: null, site: null })).toEqual([]);
  });

  it('protects only terms with a rendering for the target, so a free entry hides no shorter kept term', () => {
    const free = entry('Go language', { translate: { mode: 'free' }, say: 'go language' });
    const deOnly = entry('cat', { translate: { mode: 'fixed', text: null, byTarget: { de: 'Katze' } } });
    const place = { language: 'en', site: null };
    expect(termsToProtect('The Go language and a cat', [free, entry('Go'), deOnly], { ...place, target: 'de' }).map((m) => m.rendering)).toEqual(['Go', 'Katze']);
    expect(termsToProtect('The Go language and a cat', [free, entry('Go'), deOnly], { ...place, target: 'fr' }).map((m) => m.rendering)).toEqual(['Go']);
  });

  it('says each term with a "say", once, leaving what it put in alone', () => {
    const entries = [entry('AI', { translate: { mode: 'free' }, say: 'artificial intelligence' }), entry('intelligence', { translate: { mode: 'free' }, say: 'smarts' })];
    expect(sayTerms('AI and intelligence', entries, { language: 'en', site: null })).toBe('artificial intelligence and smarts');
  });
});
