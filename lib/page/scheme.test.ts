// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { schemeBehind } from './colors';
import { darkScheme, matchPageScheme } from './shadow-host';

/** The page's elements under points, as a laid-out page would report them (happy-dom does no layout). */
function pageWith(under: (x: number, y: number) => Element[]): Document {
  Object.defineProperty(document, 'elementsFromPoint', { value: under, configurable: true });
  return document;
}

describe('our UI follows the page behind it, not the system', () => {
  it('is dark over a dark part of the page and light over a light one, our own hosts looked through', () => {
    document.body.innerHTML = '<div id="dark" style="background: rgb(21, 23, 28)"></div><div id="light" style="background: rgb(250, 250, 250)"></div><voxlate-player></voxlate-player>';
    const [dark, light, ours] = ['#dark', '#light', 'voxlate-player'].map((s) => document.querySelector(s)!);
    const doc = pageWith((x) => [ours!, x < 500 ? dark! : light!]);
    expect(schemeBehind(doc, { left: 16, top: 16, width: 300, height: 60 })).toBe('dark');
    expect(schemeBehind(doc, { left: 600, top: 16, width: 300, height: 60 })).toBe('light');
    // Mostly over the dark part: the majority decides.
    expect(schemeBehind(doc, { left: 300, top: 16, width: 300, height: 60 })).toBe('dark');
  });

  it('sets the look on our host only when it changes, and scopes the dark rules to it', () => {
    document.body.innerHTML = '<div id="dark" style="background: rgb(0, 0, 0)"></div>';
    const doc = pageWith(() => [document.querySelector('#dark')!]);
    const host = doc.createElement('voxlate-notice');
    matchPageScheme(host, { left: 0, top: 0, width: 10, height: 10 });
    expect(host.dataset.scheme).toBe('dark');
    expect(darkScheme('\n  .card { color: #fff; }\n  button:hover, select { background: #000; }\n')).toBe(
      ':host([data-scheme="dark"]) .card { color: #fff; }:host([data-scheme="dark"]) button:hover, :host([data-scheme="dark"]) select { background: #000; }\n',
    );
  });
});
