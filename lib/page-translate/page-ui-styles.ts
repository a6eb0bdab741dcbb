import { darkScheme } from '../page/shadow-host';

/**
 * Styles of the page translation's panel and control, inside their shadow root. Every element
 * starts from `all: initial` and sizes are px, so the page's CSS, fonts and rem size cannot reach
 * them. They sit in the bottom corner, where they cover the least of the text being read.
 */
export const PAGE_UI_CSS = `
:host { all: initial; }
.box {
  all: initial; box-sizing: border-box; position: fixed; bottom: 16px; inset-inline-end: 16px; z-index: 2147483647;
  display: flex; flex-direction: column; gap: 8px; width: 340px; max-width: calc(100vw - 32px); max-height: calc(100vh - 32px); overflow: auto;
  padding: 12px 14px; border-radius: 8px; border: 1px solid #d0d4dc; background: #ffffff; color: #1b1e24;
  box-shadow: 0 4px 16px rgba(0, 0, 0, 0.18); font: 400 14px/20px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; text-align: start;
}
/* In the corner the user put it in (bottom right, in the reading direction's end, by default). */
.box[data-corner="bottom-left"] { inset-inline-end: auto; left: 16px; right: auto; }
.box[data-corner="top-left"] { bottom: auto; top: 16px; inset-inline-end: auto; left: 16px; right: auto; }
.box[data-corner="top-right"] { bottom: auto; top: 16px; inset-inline-end: auto; right: 16px; left: auto; }
h2 { all: initial; display: block; font: 600 15px/20px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: inherit; }
p { all: initial; display: block; font: inherit; color: inherit; overflow-wrap: anywhere; }
p[hidden], button[hidden] { display: none; }
/* Done: only the status line shows, as a pill, until hovered or focused; the rest stays reachable. */
.control.collapsed:not(:hover):not(:focus-within) { width: auto; max-width: min(280px, calc(100vw - 32px)); padding: 4px 12px; border-radius: 999px; gap: 0; }
.control.collapsed:not(:hover):not(:focus-within) > :not(.status) {
  position: absolute; width: 1px; height: 1px; margin: 0; padding: 0; overflow: hidden; clip-path: inset(50%); white-space: nowrap;
}
.control.collapsed:not(:hover):not(:focus-within) .status { font-size: 12px; line-height: 18px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.note { font-size: 12px; line-height: 16px; color: #555b66; }
.warn { color: #8a4b00; }
.error { color: #b3261e; }
label { all: initial; display: flex; align-items: center; gap: 6px; font: inherit; font-size: 12px; color: #555b66; }
select {
  all: initial; box-sizing: border-box; flex: 1 1 auto; min-width: 0; height: 28px; padding: 0 6px;
  border: 1px solid #c3c8d1; border-radius: 4px; background: #ffffff; color: #1b1e24; cursor: pointer;
  font: 400 13px/26px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
.actions { all: initial; display: flex; flex-wrap: wrap; gap: 8px; }
button {
  all: initial; box-sizing: border-box; cursor: pointer; font: 600 13px/18px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1d4fb8; padding: 4px 10px; border-radius: 4px; border: 1px solid currentColor; text-align: center;
}
button.primary { background: #1d4fb8; border-color: #1d4fb8; color: #ffffff; }
button:hover { background: rgba(0, 0, 0, 0.06); }
button.primary:hover { background: #173f94; }
button:focus-visible, select:focus-visible { outline: 2px solid #2f6fde; outline-offset: 2px; }
${darkScheme(`
  .box { background: #23262d; color: #eceff4; border-color: #3d424d; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.5); }
  label, .note { color: #b4bac6; }
  .warn { color: #ffcc80; }
  .error { color: #ff8a80; }
  select { background: #2c3038; color: #eceff4; border-color: #4a505c; }
  button { color: #9bbcff; }
  button.primary { background: #9bbcff; border-color: #9bbcff; color: #12161d; }
  button:hover { background: rgba(255, 255, 255, 0.08); }
`)}
`;
