// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { closestLanguage } from './page-language';

describe('closestLanguage', () => {
  it('takes the base subtag of the closest lang, lowercased', () => {
    document.body.innerHTML = '<div lang="fr-CA"><p lang="PT-br"><span>olá</span></p><p><b>salut</b></p></div>';
    expect(closestLanguage(document.querySelector('span')!.firstChild)).toBe('pt');
    expect(closestLanguage(document.querySelector('b'))).toBe('fr');
  });

  it('prefers xml:lang and treats an empty lang as unknown', () => {
    document.body.innerHTML = '<div lang="en"><p lang="" id="empty">x</p></div>';
    const p = document.createElement('p');
    p.setAttributeNS('http://www.w3.org/XML/1998/namespace', 'xml:lang', 'de');
    p.setAttribute('lang', 'fr');
    document.body.append(p);
    expect(closestLanguage(document.getElementById('empty'))).toBeNull();
    expect(closestLanguage(p)).toBe('de');
  });

  it('crosses shadow roots and returns null without any lang', () => {
    document.documentElement.removeAttribute('lang');
    document.body.innerHTML = '<div lang="ja"><span id="host"></span></div><i>none</i>';
    const root = document.getElementById('host')!.attachShadow({ mode: 'open' });
    root.innerHTML = '<em>日本語</em>';
    expect(closestLanguage(root.querySelector('em'))).toBe('ja');
    expect(closestLanguage(document.querySelector('i'))).toBeNull();
    expect(closestLanguage(null)).toBeNull();
  });

  it('ignores private-use and malformed tags', () => {
    document.body.innerHTML = '<p lang="x-klingon">a</p><p lang="i-default">b</p>';
    const [a, b] = Array.from(document.querySelectorAll('p'));
    expect(closestLanguage(a!)).toBeNull();
    expect(closestLanguage(b!)).toBeNull();
  });
});
