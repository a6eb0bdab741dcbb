import { describe, expect, it } from 'vitest';
import { checkServiceUrl } from './service-url';

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
