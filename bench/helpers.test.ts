/**
 * Tests of the bench's pure helpers. Not part of vitest.config.ts: run them with
 * `npx tsx --test bench/helpers.test.ts`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fmt, formatTable, median, menuTtfaTarget, sum, worst } from './stats';
import { decodeEntities, fitToLength, htmlToText } from './text';
import { formatImpressions, loadRange, metCell, rowMet, sideCell, sideOf, targetCell } from './impressions';

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

test('sideOf: median value and target, met when the median run is within its own target', () => {
  const side = sideOf([
    { valueMs: 500, targetMs: 530 },
    { valueMs: 700, targetMs: 520 },
    { valueMs: 510, targetMs: 540 },
    { valueMs: null, targetMs: 500 },
  ]);
  assert.deepEqual(side, { medianMs: 510, targetMs: 530, met: true, runs: 3 });
  // Margins +500 and −100: their median, +200, is over.
  assert.equal(sideOf([{ valueMs: 900, targetMs: 400 }, { valueMs: 300, targetMs: 400 }])!.met, false);
  assert.equal(sideOf([{ valueMs: null, targetMs: 1 }]), null);
  assert.deepEqual(sideOf([{ valueMs: 10, targetMs: null }], 'floor 5'), { medianMs: 10, targetMs: null, met: null, runs: 1, detail: 'floor 5' });
  assert.deepEqual(loadRange([4.3, 8.6, 5]), [4.3, 8.6]);
  assert.deepEqual(loadRange([]), [0, 0]);
});

test('formatImpressions: issue 41 order, cold and warm beside the target, met per side', () => {
  const side = (medianMs: number, targetMs: number | null, met: boolean | null, detail?: string) => ({ medianMs, targetMs, met, runs: 3, ...(detail ? { detail } : {}) });
  const base = { load: [4.25, 8.6] as [number, number], date: '2026-11-29T20:41:07.000Z' };
  const rows = [
    { ...base, key: 'pdf-request', order: 3, figure: 'PDF → 1st request', cold: side(1044, 400, false), warm: side(380, 400, true), target: '≤ 400 ms' },
    { ...base, key: 'selection-150', order: 1, figure: 'Read aloud, 150', cold: side(744, 531, false, '1.63 × floor 456'), warm: side(1520, 1530, true), target: '≤ 1.1 × floor + 30 ms' },
    { ...base, key: 'words', order: 7, figure: 'Words', cold: null, warm: null, once: { text: 'median / p95: ×1 40 / 114 ms', met: true, runs: 900 }, target: 'median ≤ 60 ms, p95 ≤ 150 ms' },
  ];
  const lines = formatImpressions(rows).split('\n');
  assert.equal(lines.length, 5);
  assert.match(lines[0]!, /^first impression +cold \(median\) +warm \(median\) +target +met +runs +load +date \(UTC\)$/);
  assert.match(lines[2]!, /^Read aloud, 150 +744 ms \(1\.63 × floor 456\) +1,520 ms +≤ 1\.1 × floor \+ 30 ms = 531 \/ 1,530 ms +warm only +3\+3 +4\.3–8\.6 +2026-11-29 20:41$/);
  // A fixed target is not repeated with its figures.
  assert.match(lines[3]!, /^PDF → 1st request +1,044 ms +380 ms +≤ 400 ms +warm only/);
  assert.match(lines[4]!, /^Words +median \/ p95: ×1 40 \/ 114 ms +once \(no cold\/warm\) +median ≤ 60 ms, p95 ≤ 150 ms +yes +900 /);
  assert.equal(metCell({ cold: side(1, 2, true), warm: side(1, 2, true) }), 'yes');
  assert.equal(metCell({ cold: side(3, 2, false), warm: side(3, 2, false) }), 'no');
  assert.equal(metCell({ cold: side(1, 2, true), warm: null }), 'yes');
  assert.equal(metCell({ cold: null, warm: null }), '—');
  assert.equal(rowMet({ cold: side(1, 2, true), warm: side(3, 2, false) }), false);
  assert.equal(targetCell({ cold: side(1, null, null), warm: null, target: '≤ 300 ms' }), '≤ 300 ms');
  assert.equal(sideCell(null), '—');
});
