import { darkScheme } from '../shadow-host';

/**
 * Styles of the in-page player and its "Read from here" button. Everything is reset and sized in
 * px inside the closed shadow root, so the page's fonts, sizes and colours cannot reach them; the
 * colours follow the page behind them (light or dark, see matchPageScheme).
 */
export const PLAYER_CSS = `
:host { all: initial; }
.bar {
  all: initial; box-sizing: border-box; position: fixed; z-index: 2147483647; display: flex; align-items: center; gap: 2px;
  padding: 4px 6px; border-radius: 10px; border: 1px solid #c9ced8; background: #ffffff; color: #1b1e24;
  box-shadow: 0 4px 16px rgba(0, 0, 0, 0.2); font: 400 13px/18px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  max-width: calc(100vw - 32px); flex-wrap: wrap; user-select: none; touch-action: none;
}
.bar[hidden] { display: none; }
.bar.dragging { opacity: 0.85; cursor: grabbing; }
.grip { all: initial; display: flex; align-items: center; justify-content: center; width: 16px; height: 32px; color: #7a8190; cursor: grab; }
button, select {
  all: initial; box-sizing: border-box; cursor: pointer; color: inherit; border-radius: 6px;
  font: inherit; display: inline-flex; align-items: center; justify-content: center;
}
button { width: 32px; height: 32px; }
button svg { display: block; }
button:hover, select:hover { background: rgba(0, 0, 0, 0.07); }
button:focus-visible, select:focus-visible { outline: 2px solid #2f6fde; outline-offset: 1px; }
.toggle { background: #1d4fb8; color: #ffffff; }
.toggle:hover { background: #173f93; }
label { all: initial; display: inline-flex; align-items: center; gap: 4px; margin: 0 4px; font: inherit; color: inherit; }
select { height: 28px; padding: 0 6px; border: 1px solid #c9ced8; background: transparent; }
option { color: #1b1e24; background: #ffffff; }
.progress { all: initial; margin: 0 6px; font: inherit; color: #4a505c; white-space: nowrap; font-variant-numeric: tabular-nums; }
.jump {
  all: initial; box-sizing: border-box; position: fixed; z-index: 2147483647; cursor: pointer; display: inline-flex; align-items: center; gap: 4px;
  height: 24px; padding: 0 8px; border-radius: 12px; background: #1d4fb8; color: #ffffff; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.25);
  font: 600 12px/16px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; white-space: nowrap;
}
.jump[hidden] { display: none; }
.jump:hover { background: #173f93; }
.jump:focus-visible { outline: 2px solid #2f6fde; outline-offset: 2px; }
.jump svg { width: 12px; height: 12px; }
${darkScheme(`
  .bar { background: #23262d; color: #eceff4; border-color: #3d424d; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.55); }
  .grip { color: #9aa1ae; }
  button:hover, select:hover { background: rgba(255, 255, 255, 0.1); }
  button:focus-visible, select:focus-visible, .jump:focus-visible { outline-color: #7aa7ff; }
  .toggle, .jump { background: #7aa7ff; color: #10131a; }
  .toggle:hover, .jump:hover { background: #9bbcff; }
  select { border-color: #4a505c; }
  option { color: #eceff4; background: #23262d; }
  .progress { color: #b4bac6; }
`)}
@media (forced-colors: active) {
  .bar, .jump, select { border: 1px solid CanvasText; }
  .toggle, .jump { forced-color-adjust: auto; }
}
@media (prefers-reduced-motion: no-preference) { .bar { transition: top 0.15s, left 0.15s; } .bar.dragging { transition: none; } }
`;
