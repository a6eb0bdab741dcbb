import { beforeEach, describe, expect, it } from 'vitest';
import { checkServiceUrl, dashboardAddress, serviceIdentity } from './service-url';
import { useEnglishMessages } from '../i18n.test-helpers';

// Errors are worded from public/_locales/en, as in an English browser.
beforeEach(() => useEnglishMessages());

describe('checkServiceUrl', () => {
  it('accepts https and normalises the base', () => {
    expect(checkServiceUrl(' https://api.example.com/ ')).toEqual({
      ok: true,
      baseUrl: 'https://api.example.com',
      origin: 'https://api.example.com',
      originPattern: 'https://api.example.com/*',
    });
  });

  it('keeps a path prefix but drops a pasted /api/v1', () => {
    expect(checkServiceUrl('https://example.com/tts/api/v1/')).toMatchObject({ ok: true, baseUrl: 'https://example.com/tts' });
  });

  it('accepts plain http on loopback only, with any port', () => {
    expect(checkServiceUrl('http://127.0.0.1:8787')).toMatchObject({ ok: true, originPattern: 'http://127.0.0.1/*' });
    expect(checkServiceUrl('http://localhost:3000')).toMatchObject({ ok: true });
    expect(checkServiceUrl('http://[::1]:3000')).toMatchObject({ ok: true });
  });

  it.each([
    ['', /Enter the service address/],
    ['api.example.com', /not a web address/],
    ['http://api.example.com', /must not travel unencrypted/],
    ['http://192.168.1.5', /must not travel unencrypted/],
    ['ftp://example.com', /must start with https/],
    ['https://user:pw@example.com', /user name and password/],
    ['https://example.com/?key=1', /Remove the/],
  ])('rejects %j with a message that says what to do', (input, message) => {
    const result = checkServiceUrl(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});

describe('serviceIdentity', () => {
  it('names one service the same however its address was written', () => {
    for (const typed of ['https://api.example.com', 'https://API.example.com/', ' https://api.example.com/api/v1/ ']) {
      expect(serviceIdentity(typed)).toBe('https://api.example.com');
    }
  });

  it('tells apart hosts, ports and path prefixes', () => {
    const names = ['https://a.example.com', 'https://b.example.com', 'http://127.0.0.1:8787', 'http://127.0.0.1:8788', 'https://a.example.com/tts'];
    expect(new Set(names.map(serviceIdentity)).size).toBe(names.length);
  });

  it('keeps an address it cannot parse as typed, so it still names something', () => {
    expect(serviceIdentity(' not a url ')).toBe('not a url');
  });
});

describe('dashboardAddress', () => {
  it("is the service's own origin by default, whatever path its API lives under", () => {
    expect(dashboardAddress({ serviceUrl: 'https://api.example.com/tts/api/v1', dashboardUrl: '' })).toBe('https://api.example.com/');
    expect(dashboardAddress({ serviceUrl: 'http://127.0.0.1:8787', dashboardUrl: '  ' })).toBe('http://127.0.0.1:8787/');
  });

  it('is the address the options hold when it is an http(s) address', () => {
    expect(dashboardAddress({ serviceUrl: 'https://api.example.com', dashboardUrl: ' https://app.example.com/billing ' })).toBe('https://app.example.com/billing');
  });

  it('ignores an address that is not a web page (a script, credentials) and has nothing to open without a service', () => {
    expect(dashboardAddress({ serviceUrl: 'https://api.example.com', dashboardUrl: 'javascript:alert(1)' })).toBe('https://api.example.com/');
    expect(dashboardAddress({ serviceUrl: 'https://api.example.com', dashboardUrl: 'https://u:p@app.example.com/' })).toBe('https://api.example.com/');
    expect(dashboardAddress({ serviceUrl: '', dashboardUrl: '' })).toBeNull();
  });
});
