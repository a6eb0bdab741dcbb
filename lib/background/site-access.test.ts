import { describe, expect, it } from 'vitest';
import { patternCovers, sitePattern } from './site-access';

describe('patternCovers', () => {
  it('matches scheme, host and subdomains as the browser does, any port', () => {
    expect(patternCovers('http://127.0.0.1/*', 'http://127.0.0.1:4173')).toBe(true);
    expect(patternCovers('http://127.0.0.1/*', 'http://localhost:4173')).toBe(false);
    expect(patternCovers('https://*/*', 'https://a.example.org')).toBe(true);
    expect(patternCovers('https://*/*', 'http://a.example.org')).toBe(false);
    expect(patternCovers('*://*.example.org/*', 'http://mail.example.org')).toBe(true);
    expect(patternCovers('*://*.example.org/*', 'https://example.org')).toBe(true);
    expect(patternCovers('*://*.example.org/*', 'https://badexample.org')).toBe(false);
    expect(patternCovers('<all_urls>', 'https://x.test')).toBe(true);
    expect(patternCovers('file:///*', 'https://x.test')).toBe(false);
  });
});

describe('sitePattern', () => {
  it('asks for the site (scheme and host, every port): Firefox takes no port in a pattern', () => {
    expect(sitePattern('http://localhost:36605')).toBe('http://localhost/*');
    expect(sitePattern('https://mail.example.org')).toBe('https://mail.example.org/*');
    expect(patternCovers(sitePattern('http://localhost:8080'), 'http://localhost:8080')).toBe(true);
  });
});
