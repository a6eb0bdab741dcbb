/** Small numeric and formatting helpers of the benchmark. Pure functions, no I/O. */

/** Median of the values (mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/** The largest value, or 0 for none (no transition means no gap). */
export const worst = (values: readonly number[]): number => values.reduce((a, b) => Math.max(a, b), 0);

/** A number for a table cell: '—' when missing, else rounded to `digits`. */
export function fmt(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return value.toFixed(digits);
}

/** Printed width of a cell: code points, so ✓ and — count as one column. */
const width = (s: string): number => [...s].length;

/**
 * An aligned plain-text table: a header row, a rule, then the rows. Columns listed in
 * `rightAligned` (by index) are right-aligned, for numbers; the others are left-aligned.
 */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[], rightAligned: ReadonlySet<number> = new Set()): string {
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ''))));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => {
        const pad = ' '.repeat(widths[i]! - width(cell));
        return rightAligned.has(i) ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map((r) => line(header.map((_, i) => r[i] ?? '')))].join('\n');
}

/** Target on time to first audio: within 1.2 × the floor plus 50 ms. */
export const ttfaTarget = (floorMs: number): number => 1.2 * floorMs + 50;

/** Target on time to first audio from the context menu (issue 11): within 1.1 × the floor plus 30 ms. */
export const menuTtfaTarget = (floorMs: number): number => 1.1 * floorMs + 30;
