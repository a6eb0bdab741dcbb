// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { findHeadline, headlineMatch, headlineWords } from './headline';

function page(html: string): Document {
  document.open();
  document.write(html);
  document.close();
  return document;
}

describe('headlineMatch', () => {
  it('takes a title with the site or the author added as the same headline', () => {
    expect(headlineMatch('Rats return to the island after 20 years', 'Rats return to the island after 20 years | Eleanor Ainge Roy')).toBeGreaterThan(0.5);
    expect(headlineMatch('Orinoco flood warning', 'Orinoco flood warning - Breitbart')).toBeGreaterThan(0.5);
    expect(headlineMatch('Faster async functions', 'Faster async functions · V8')).toBeGreaterThan(0.5);
  });

  it('reads the page\'s curly quotes and dashes as the title\'s plain ones', () => {
    expect(headlineWords('Why “slow TV” isn’t dead — yet')).toEqual(headlineWords('Why "slow TV" isn\'t dead - yet'));
    expect(headlineMatch('Why “slow TV” isn’t dead', 'Why "slow TV" isn\'t dead - BuzzFeed News')).toBeGreaterThan(0.5);
  });

  it('does not take the site\'s name, or another headline, for the title', () => {
    expect(headlineMatch('The Verge', 'Apple\'s new laptop has a notch and a bigger battery - The Verge')).toBe(0);
    expect(headlineMatch('About This Site', 'Daring Fireball: Colophon')).toBe(0);
    expect(headlineMatch('', 'A title')).toBe(0);
  });
});

describe('findHeadline', () => {
  const body = `<p>${'A paragraph of the article, long enough to be one. '.repeat(6)}</p>`;

  it('finds the visible heading the title names, not a hidden copy or the logo', () => {
    const doc = page(`<title>Rats return to the island | Eleanor Ainge Roy</title><body>
      <header><h1><a href="/">The Daily Paper</a></h1></header>
      <h1 style="display: none">Rats return to the island</h1>
      <article><h1 id="headline">Rats  return to the island</h1>${body}</article></body>`);
    expect(findHeadline(doc, [doc.title])?.id).toBe('headline');
  });

  it('takes the page\'s one headline when the title says something else', () => {
    const doc = page(`<title>Daring Fireball: Colophon</title><body><nav><h1>Menu</h1></nav><main><h1 id="headline">About This Site</h1>${body}</main></body>`);
    expect(findHeadline(doc, [doc.title])?.id).toBe('headline');
  });

  it('finds nothing when nothing on the page heads it: a logo, or several headings that are not the title', () => {
    expect(findHeadline(page(`<title>A story</title><body><header><h1><a href="/">The Daily Paper</a></h1></header>${body}</body>`), ['A story'])).toBeNull();
    expect(findHeadline(page(`<title>A story</title><body><h1>One</h1>${body}<h1>Two</h1>${body}</body>`), ['A story'])).toBeNull();
    expect(findHeadline(page(`<title>A story</title><body>${body}</body>`), ['A story'])).toBeNull();
  });
});
