// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { dropSnapshot, restoreSnapshot, saveSnapshot, SNAPSHOT_KEY, takeSnapshot } from './snapshot';

function rootWith(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('popup snapshot', () => {
  beforeEach(() => localStorage.clear());

  it('rebuilds the same markup, with what form controls show', () => {
    const source = rootWith(
      '<main class="popup"><section class="account-line" aria-label="Account"><span class="email" title="a@b.c">a@b.c</span><span>1,000 credits</span></section>' +
        '<textarea id="t" rows="4"></textarea><input id="s" type="search"><select id="l"><option value="">All</option><option value="fr">French</option></select>' +
        '<label><input type="radio" name="voice" value="v1"><span dir="auto">Anna</span></label><svg viewBox="0 0 2 2" aria-hidden="true"><path d="M0 0h2"></path></svg></main>',
    );
    (source.querySelector('#t') as HTMLTextAreaElement).value = 'typed';
    (source.querySelector('#s') as HTMLInputElement).value = 'ann';
    (source.querySelector('#l') as HTMLSelectElement).value = 'fr';
    (source.querySelector('input[type=radio]') as HTMLInputElement).checked = true;
    saveSnapshot(source);

    const root = document.createElement('div');
    expect(restoreSnapshot(root)).toBe(true);
    expect(root.querySelector('.email')!.textContent).toBe('a@b.c');
    expect(root.querySelector('.email')!.getAttribute('title')).toBe('a@b.c');
    expect(root.querySelector('[aria-label="Account"]')!.textContent).toBe('a@b.c1,000 credits');
    expect((root.querySelector('#t') as HTMLTextAreaElement).value).toBe('typed');
    expect((root.querySelector('#s') as HTMLInputElement).value).toBe('ann');
    expect((root.querySelector('#l') as HTMLSelectElement).value).toBe('fr');
    expect((root.querySelector('input[type=radio]') as HTMLInputElement).checked).toBe(true);
    expect(root.querySelector('svg path')!.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(takeSnapshot(root)).toEqual(takeSnapshot(source));
  });

  it('text stays text, and what could load or run something is left out', () => {
    const source = rootWith('<p title="x" onclick="alert(1)" style="color:red">&lt;img src=x onerror=alert(1)&gt;</p><script>alert(1)</script><iframe src="https://example.com"></iframe><a href="javascript:alert(1)">a</a>');
    saveSnapshot(source);
    const root = document.createElement('div');
    restoreSnapshot(root);
    expect(root.innerHTML).toBe('<p title="x">&lt;img src=x onerror=alert(1)&gt;</p>');
  });

  it('a snapshot written by hand cannot add elements or handlers either', () => {
    localStorage.setItem(SNAPSHOT_KEY, JSON.stringify({ v: 1, lang: 'en', dir: 'ltr', nodes: [['p', [['onclick', 'alert(1)'], ['href', 'javascript:x'], ['id', 'ok']], ['<b>hi</b>', ['script', [], ['alert(1)']]]]] }));
    const root = document.createElement('div');
    expect(restoreSnapshot(root)).toBe(true);
    expect(root.innerHTML).toBe('<p id="ok">&lt;b&gt;hi&lt;/b&gt;</p>');
  });

  it('paints nothing when there is none, it is unreadable, or the root has content already', () => {
    const root = document.createElement('div');
    expect(restoreSnapshot(root)).toBe(false);
    localStorage.setItem(SNAPSHOT_KEY, '{"v":1,"lang":"en","dir":"ltr","nodes":[["p",[],[3]]]}');
    expect(restoreSnapshot(root)).toBe(false);
    localStorage.setItem(SNAPSHOT_KEY, 'not json');
    expect(restoreSnapshot(root)).toBe(false);
    saveSnapshot(rootWith('<p>kept</p>'));
    root.append('already');
    expect(restoreSnapshot(root)).toBe(false);
    expect(root.textContent).toBe('already');
    dropSnapshot();
    expect(restoreSnapshot(document.createElement('div'))).toBe(false);
  });
});
