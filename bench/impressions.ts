/**
 * Issue 41's first impressions, cold and warm: the summary rows each bench writes
 * (bench/results.ts) and `bench/summary.ts` prints as one table. Pure functions, no I/O.
 *
 * Cold: the first use after the browser starts, in a fresh profile (the page script not in the
 * page yet, the worker and the player just started). Warm: a later use in the same browser, after
 * the cold use's reading was stopped, on different text (another paragraph, PDF or page) so that
 * no cache of audio or translation answers it. Each bench says what warm means for its figure.
 */
import { fmt, formatTable, median } from './stats';

/** One timed use: what was measured and the target it is held against (both ms; target null when unknown). */
export interface Timed {
  valueMs: number | null;
  targetMs: number | null;
}

/** The runs of one kind of use (cold or warm) of one figure, summed up. */
export interface Side {
  /** Median of the measured values. */
  medianMs: number;
  /** Median of the runs' targets (each run has its own floor); null for a fixed target unknown. */
  targetMs: number | null;
  /** Median of (value − target) ≤ 0: the typical run meets its own target. Null without targets. */
  met: boolean | null;
  /** Runs that gave a value. */
  runs: number;
  /** Said beside the median, e.g. "1.63 × floor 456". */
  detail?: string;
}

/** One row of the summary: a first impression of issue 41, cold and warm. */
export interface ImpressionRow {
  /** Stable key, also the result file's name: 'selection-150', 'pdf-request', … */
  key: string;
  /** Place in issue 41's table (1–7). */
  order: number;
  figure: string;
  cold: Side | null;
  warm: Side | null;
  /** For a figure with no cold/warm distinction (the word highlight): what was measured, once. */
  once?: { text: string; met: boolean; runs: number };
  /** The target as issue 41 words it, e.g. "≤ 1.1 × floor + 30 ms". */
  target: string;
  /** The 1-min load average's range over the runs. */
  load: [number, number];
  /** When the bench ran (ISO 8601). */
  date: string;
  /** What warm means here, or why there is none. */
  note?: string;
}

/**
 * Sums up timed uses: the median value, the median target, met when the median of each run's
 * margin (value − its own target) is ≤ 0. Null when no run gave a value.
 */
export function sideOf(timed: readonly Timed[], detail?: string): Side | null {
  const done = timed.filter((t): t is { valueMs: number; targetMs: number | null } => t.valueMs !== null && Number.isFinite(t.valueMs));
  if (done.length === 0) return null;
  const values = done.map((t) => t.valueMs);
  const targeted = done.filter((t): t is { valueMs: number; targetMs: number } => t.targetMs !== null);
  const side: Side = {
    medianMs: median(values),
    targetMs: targeted.length ? median(targeted.map((t) => t.targetMs)) : null,
    met: targeted.length ? median(targeted.map((t) => t.valueMs - t.targetMs)) <= 0 : null,
    runs: done.length,
  };
  return detail ? { ...side, detail } : side;
}

/** The range [min, max] of load averages (0–0 for none). */
export function loadRange(loads: readonly number[]): [number, number] {
  return loads.length ? [Math.min(...loads), Math.max(...loads)] : [0, 0];
}

/** Whether a row met its target: both cold and warm (or the one measured); null when nothing says. */
export function rowMet(row: Pick<ImpressionRow, 'cold' | 'warm' | 'once'>): boolean | null {
  if (row.once) return row.once.met;
  const sides = [row.cold, row.warm].filter((s): s is Side => s !== null && s.met !== null);
  return sides.length ? sides.every((s) => s.met) : null;
}

/** Whole milliseconds with a thousands separator, as the README writes them: "1,282". */
export const ms = (value: number): string => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '—');

/** A median with its detail, for a cell: "1,044 ms (1.63 × floor 456)". */
export function sideCell(side: Side | null): string {
  if (!side) return '—';
  return `${ms(side.medianMs)} ms${side.detail ? ` (${side.detail})` : ''}`;
}

/** The target cell: the rule, and the figures it came to (cold / warm) when it depends on a floor. */
export function targetCell(row: Pick<ImpressionRow, 'cold' | 'warm' | 'target'>): string {
  const figures = [row.cold, row.warm].map((s) => (s?.targetMs === null || s?.targetMs === undefined ? null : ms(s.targetMs)));
  if (figures.every((f) => f === null)) return row.target;
  // A fixed target (e.g. ≤ 400 ms) comes to itself: no need to repeat it.
  if (figures.every((f) => f === null || row.target.includes(`${f} ms`))) return row.target;
  return `${row.target} = ${figures.map((f) => f ?? '—').join(' / ')} ms`;
}

/** "yes", "no", "cold only", "warm only" or "—". */
export function metCell(row: Pick<ImpressionRow, 'cold' | 'warm' | 'once'>): string {
  if (row.once) return row.once.met ? 'yes' : 'no';
  const all = rowMet(row);
  if (all === null) return '—';
  if (all) return 'yes';
  if (row.cold?.met) return 'cold only';
  if (row.warm?.met) return 'warm only';
  return 'no';
}

/** "2026-11-29 20:41" (UTC) of an ISO date. */
export const shortDate = (iso: string): string => iso.replace('T', ' ').slice(0, 16);

/** The summary table: first impression | cold | warm | target | met | runs | load | date (UTC), in issue 41's order. */
export function formatImpressions(rows: readonly ImpressionRow[]): string {
  const sorted = [...rows].sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
  return formatTable(
    ['first impression', 'cold (median)', 'warm (median)', 'target', 'met', 'runs', 'load', 'date (UTC)'],
    sorted.map((row) => [
      row.figure,
      row.once ? row.once.text : sideCell(row.cold),
      row.once ? 'once (no cold/warm)' : sideCell(row.warm),
      targetCell(row),
      metCell(row),
      row.once ? String(row.once.runs) : `${row.cold?.runs ?? 0}+${row.warm?.runs ?? 0}`,
      `${fmt(row.load[0], 1)}–${fmt(row.load[1], 1)}`,
      shortDate(row.date),
    ]),
  );
}
