import { describe, expect, it } from 'vitest';
import { extractServerMessage } from './errors';

const JSON_TYPE = 'application/json';

describe('extractServerMessage', () => {
  it.each([
    ['{"message":"Text too long"}', 'Text too long'],
    ['{"error":"Invalid voice"}', 'Invalid voice'],
    ['{"error":{"message":"Nested reason","code":42}}', 'Nested reason'],
    ['{"detail":"Not enough credits"}', 'Not enough credits'],
    ['{"errors":[{"message":"First problem"},{"message":"Second"}]}', 'First problem'],
    ['{"error":{"code":"x"},"detail":"Fallback detail"}', 'Fallback detail'],
    ['["array message"]', 'array message'],
  ])('finds the message in JSON %s', (body, expected) => {
    expect(extractServerMessage(body, JSON_TYPE)).toBe(expected);
  });

  it('sniffs JSON without a content type', () => {
    expect(extractServerMessage('{"message":"sniffed"}', null)).toBe('sniffed');
  });

  it('returns undefined for JSON without a message', () => {
    expect(extractServerMessage('{"code":500}', JSON_TYPE)).toBeUndefined();
    expect(extractServerMessage('{"message":""}', JSON_TYPE)).toBeUndefined();
  });

  it('returns undefined for broken JSON declared as JSON', () => {
    expect(extractServerMessage('{"message": "unterminated', JSON_TYPE)).toBeUndefined();
  });

  it('takes the first non-empty line of plain text', () => {
    expect(extractServerMessage('\n  Service overloaded  \nstack trace here', 'text/plain')).toBe(
      'Service overloaded',
    );
  });

  it('uses the HTML title', () => {
    const html = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>x</h1></body></html>';
    expect(extractServerMessage(html, 'text/html')).toBe('502 Bad Gateway');
  });

  it('strips tags, scripts and entities from HTML without a title', () => {
    const html = '<html><body><script>var a=1</script><h1>Oops &amp; sorry</h1><p>Try later</p></body></html>';
    expect(extractServerMessage(html, 'text/html; charset=utf-8')).toBe('Oops & sorry Try later');
  });

  it('returns undefined for an empty body', () => {
    expect(extractServerMessage('', 'text/plain')).toBeUndefined();
    expect(extractServerMessage('   \n ', null)).toBeUndefined();
  });

  it('caps long messages at about 200 characters', () => {
    const message = extractServerMessage('x'.repeat(1000), 'text/plain');
    expect(message?.length).toBe(200);
    expect(message?.endsWith('…')).toBe(true);
  });
});
