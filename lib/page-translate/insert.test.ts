// @vitest-environment happy-dom
// @vitest-environment-options {"happyDOM":{"settings":{"disableJavaScriptEvaluation":true,"handleDisabledFileLoadingAsSuccess":true}}}
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownPageFile } from '../../test/support/pages';
import { findBlocks } from './blocks';
import { insertTranslation, removeTranslations } from './insert';
import { captureShadowRoots } from '../page/shadow-host.test-helpers';

function loadPage(name: string): Document {
  document.open();
  document.write(readFileSync(ownPageFile(name), 'utf8'));
  document.close();
  return document;
}

afterEach(() => vi.restoreAllMocks());

describe('insertTranslation', () => {
  it('puts the translation under its paragraph as text, marked with lang, dir, class and data attribute', () => {
    const roots = captureShadowRoots();
    const doc = loadPage('hostile-css');
    const p1 = doc.getElementById('p1')!;
    const host = insertTranslation(p1, '<img src=x onerror="window.__pwned=1"> [EN] The ferry', 'en');
    expect(p1.nextElementSibling).toBe(host);
    expect(host.tagName).toBe('VOXLATE-TRANSLATION');
    expect(host.getAttribute('lang')).toBe('en');
    expect(host.getAttribute('dir')).toBe('ltr');
    expect(host.classList.contains('voxlate-translation')).toBe(true);
    expect(host.hasAttribute('data-voxlate-translation')).toBe(true);
    expect(host.shadowRoot).toBeNull();
    const text = roots[0]!.querySelector('.text')!;
    expect(text.textContent).toBe('<img src=x onerror="window.__pwned=1"> [EN] The ferry');
    expect(roots[0]!.querySelector('img')).toBeNull();
    // Inline !important outranks the page's `display: none !important` on our tag, class and attribute.
    expect(host.style.getPropertyPriority('display')).toBe('important');
    expect(host.style.getPropertyValue('display')).toBe('block');
  });

  it('marks a right-to-left target as such', () => {
    loadPage('news');
    const [block] = findBlocks(document.body, 'ar');
    const host = insertTranslation(block!.element, '[AR] مرحبا', 'ar');
    expect(host.getAttribute('dir')).toBe('rtl');
    expect(host.getAttribute('lang')).toBe('ar');
  });

  it('goes inside list items and cells, after other blocks', () => {
    document.body.innerHTML = '<ul><li id="li">One</li></ul><h2 id="h">Two</h2>';
    const li = document.getElementById('li')!;
    insertTranslation(li, 'Uno', 'es');
    insertTranslation(document.getElementById('h')!, 'Dos', 'es');
    expect(li.lastElementChild?.tagName).toBe('VOXLATE-TRANSLATION');
    expect(document.getElementById('h')!.nextElementSibling?.tagName).toBe('VOXLATE-TRANSLATION');
  });

  it('offers Listen with the translated text', () => {
    const roots = captureShadowRoots();
    document.body.innerHTML = '<p id="p">Hello</p>';
    const onListen = vi.fn();
    insertTranslation(document.getElementById('p')!, '[ES] Hola', 'es', { listenLabel: 'Listen', onListen });
    const button = roots[0]!.querySelector('button')!;
    expect(button.textContent).toBe('Listen');
    button.click();
    expect(onListen).toHaveBeenCalledWith('[ES] Hola');
  });
});

describe('removeTranslations', () => {
  it.each(['news', 'hostile-css', 'rtl', 'japanese'])('restores %s exactly', (name) => {
    const doc = loadPage(name);
    const before = doc.body.innerHTML;
    for (const block of findBlocks(doc.body, 'fr')) insertTranslation(block.element, `[FR] ${block.text}`, 'fr');
    expect(doc.body.innerHTML).not.toBe(before);
    removeTranslations(doc);
    expect(doc.body.innerHTML).toBe(before);
  });
});
