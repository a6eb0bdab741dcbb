/**
 * Tests of the bench's pure helpers. Not part of vitest.config.ts: run them with
 * `npx tsx --test bench/helpers.test.ts`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fmt, formatTable, median, menuTtfaTarget, sum, worst } from './stats';
import { decodeEntities, fitToLength, htmlToText } from './text';

test('median of odd, even and empty lists', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.ok(Number.isNaN(median([])));
  assert.equal(sum([1, 2, 3.5]), 6.5);
  assert.equal(worst([]), 0);
  assert.equal(worst([1, 7, 3]), 7);
  assert.equal(fmt(null), '—');
  assert.equal(fmt(1.26, 1), '1.3');
  assert.ok(Math.abs(menuTtfaTarget(400) - 470) < 1e-9);
});

test('formatTable aligns columns, counting ✓ as one column', () => {
  const table = formatTable(['text', 'ms', 'ok'], [['short', '5', '✓'], ['5k', '1234', '✗']], new Set([1]));
  assert.equal(table, ['text     ms  ok', '-----  ----  --', 'short     5  ✓', '5k     1234  ✗'].join('\n'));
});

test('htmlToText keeps paragraphs, drops tags and decodes entities', () => {
  const html = '<div><h1>Title</h1><p>One &amp; two&#8217;s <a href="#">link</a>.<sup>[1]</sup></p><script>x()</script><p>Next   line.</p></div>';
  assert.equal(htmlToText(html), 'Title\n\nOne & two’s link.\n\nNext line.');
  assert.equal(decodeEntities('&unknown; &#x41;'), '&unknown; A');
});

test('fitToLength cuts at a sentence end, never over the target, repeating short sources', () => {
  const text = 'A heading\n\nFirst one. Second one.\n\nThird one! Fourth?';
  const cut = fitToLength(text, 30);
  assert.equal(cut, 'First one. Second one.');
  const long = fitToLength(text, 100);
  assert.ok(long.length <= 100 && long.length > 80, `${long.length}`);
  assert.ok(long.startsWith('First one.') && /[.!?]$/.test(long));
});
