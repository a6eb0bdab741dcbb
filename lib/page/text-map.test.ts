// @vitest-environment happy-dom
// @vitest-environment-options {"happyDOM":{"settings":{"disableJavaScriptEvaluation":true,"handleDisabledFileLoadingAsSuccess":true}}}
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readArticleMap } from './article';
import { appendVisibleText, columnHeader, TextMapBuilder, type TextMap } from './text-map';

function mapOf(html: string): TextMap {
  document.body.innerHTML = html;
  const builder = new TextMapBuilder();
  appendVisibleText(builder, document.body);
  return builder.build();
}

const marked = (map: TextMap) => map.marks.map((m) => ({ kind: m.kind, text: map.text.slice(m.from, m.to), ...(m.label ? { label: m.label } : {}) }));

describe('marks in the text map', () => {
  it('marks inline code and code blocks, once each (code inside <pre> is the block)', () => {
    const map = mapOf('<p>Run <code>npm test</code> first.</p><pre><code>const a = 1;\nconst b = 2;</code></pre><p>Then <kbd>Ctrl</kbd>.</p>');
    expect(marked(map)).toEqual([
      { kind: 'code', text: 'npm test' },
      { kind: 'codeBlock', text: 'const a = 1; const b = 2;' },
      { kind: 'code', text: 'Ctrl' },
    ]);
  });

  it('marks each data cell with its column header, from <thead> or a first row of <th>, counting spans', () => {
    const map = mapOf(
      '<table><thead><tr><th>City</th><th colspan="2">Figures</th><th>Note</th></tr></thead>' +
        '<tbody><tr><td>Paris</td><td>1</td><td>2</td><td>big</td></tr></tbody></table>' +
        '<table><tr><th>Name</th><th>Age</th></tr><tr><td>Ana</td><td>31</td></tr></table>',
    );
    expect(marked(map)).toEqual([
      { kind: 'cell', text: 'Paris', label: 'City' },
      { kind: 'cell', text: '1', label: 'Figures' },
      { kind: 'cell', text: '2', label: 'Figures' },
      { kind: 'cell', text: 'big', label: 'Note' },
      { kind: 'cell', text: 'Ana', label: 'Name' },
      { kind: 'cell', text: '31', label: 'Age' },
    ]);
  });

  it('gives no header to an infobox: a title row of one cell, rows with their own header', () => {
    const map = mapOf(
      '<table><tr><th colspan="2">Tide mill</th></tr><tr><th>Type</th><td>Water mill</td></tr><tr><th>Power</th><td>Tides</td></tr></table>' +
        '<table><tr><th>Name</th><th>Age</th></tr><tr><th>Ana</th><td>31</td></tr></table>',
    );
    expect(map.marks).toEqual([]);
  });

  it('gives no header to cells of a table without a header row, nor to empty cells', () => {
    const map = mapOf('<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td></td></tr></table>');
    expect(map.marks).toEqual([]);
    document.body.innerHTML = '<table><thead><tr><th></th><th>Long</th></tr></thead><tbody><tr><td>x</td><td>y</td></tr></tbody></table>';
    const cells = [...document.querySelectorAll('td')];
    expect(cells.map((c) => columnHeader(c))).toEqual([null, 'Long']);
  });

  it('marks a part declared in another language than the page\'s, once, by its base code; the page\'s own language and bad codes are no mark', () => {
    document.documentElement.lang = 'en';
    const map = mapOf(
      '<p lang="es-ES">¡Hola! <span lang="es">Qué tal</span></p><p lang="en-GB">Hello.</p><p>Said <i lang="fr">bonjour</i>.</p><p lang="">Unknown.</p><p lang="x-klingon">Qapla.</p>',
    );
    expect(marked(map).filter((m) => m.kind === 'lang')).toEqual([
      { kind: 'lang', text: '¡Hola! Qué tal', label: 'es' },
      { kind: 'lang', text: 'bonjour', label: 'fr' },
    ]);
  });

  it('marks a whole walk that starts inside a part declared in another language (a selection in it)', () => {
    document.documentElement.lang = 'en';
    document.body.innerHTML = '<p lang="de">Guten Morgen, <b>liebe Freunde</b>.</p>';
    const builder = new TextMapBuilder();
    appendVisibleText(builder, document.querySelector('b')!);
    expect(marked(builder.build())).toEqual([{ kind: 'lang', text: 'liebe Freunde', label: 'de' }]);
  });

  it('keeps the marks of an article through Readability', () => {
    const html = readFileSync(path.resolve(import.meta.dirname, '../../test/fixtures/harbour-report.html'), 'utf8');
    const article = readArticleMap(new DOMParser().parseFromString(html, 'text/html'));
    expect(article).not.toBeNull();
    const marks = marked(article!.map);
    expect(marks).toContainEqual({ kind: 'cell', text: '1,204', label: 'Boats' });
    expect(marks).toContainEqual({ kind: 'cell', text: '2,450 tonnes', label: 'Catch' });
    expect(marks).toContainEqual({ kind: 'code', text: 'harbour-count' });
    expect(marks.filter((m) => m.kind === 'codeBlock')).toHaveLength(1);
    expect(marks.find((m) => m.kind === 'codeBlock')?.text).toMatch(/^for boat in arrivals/);
  });

  it('keeps a paragraph\'s declared language through Readability', () => {
    const html = readFileSync(path.resolve(import.meta.dirname, '../../test/fixtures/declared-languages.html'), 'utf8');
    const article = readArticleMap(new DOMParser().parseFromString(html, 'text/html'));
    expect(marked(article!.map).filter((m) => m.kind === 'lang')).toEqual([
      { kind: 'lang', text: '¡Bienvenidos a Sevilla!', label: 'es' },
      { kind: 'lang', text: 'buen provecho', label: 'es' },
    ]);
  });
});
