import { darkScheme } from '../page/shadow-host';

/**
 * Styles of the translation bubble, all inside its shadow root. Every element starts from
 * `all: initial` and sizes are px, so the page's CSS, fonts and rem size cannot reach it.
 */
export const BUBBLE_CSS = `
:host { all: initial; }
.bubble {
  all: initial; box-sizing: border-box; position: fixed; top: 0; left: 0; z-index: 2147483647;
  display: flex; flex-direction: column; gap: 8px; width: max-content; min-width: 260px;
  max-width: min(380px, calc(100vw - 16px)); max-height: 420px; overflow: auto; overscroll-behavior: contain;
  padding: 10px 12px 12px; border-radius: 8px; border: 1px solid #d0d4dc;
  background: #ffffff; color: #1b1e24; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.18);
  font: 400 14px/20px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; text-align: start;
}
.bubble:focus { outline: none; }
.header { all: initial; display: flex; align-items: center; gap: 8px; font: inherit; color: inherit; }
label { all: initial; display: flex; align-items: center; gap: 6px; flex: 1 1 auto; min-width: 0; font: inherit; font-size: 12px; color: #555b66; }
select {
  all: initial; box-sizing: border-box; flex: 1 1 auto; min-width: 0; max-width: 220px; height: 28px; padding: 0 6px;
  border: 1px solid #c3c8d1; border-radius: 4px; background: #ffffff; color: #1b1e24; cursor: pointer;
  font: 400 13px/26px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
option { font: 400 13px/18px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.body { all: initial; display: flex; flex-direction: column; gap: 8px; font: inherit; color: inherit; }
.translation {
  all: initial; display: block; font: inherit; font-size: 15px; line-height: 22px; color: inherit;
  white-space: pre-wrap; overflow-wrap: anywhere; unicode-bidi: plaintext;
}
.translation:focus-visible { outline: 2px solid #2f6fde; outline-offset: 2px; border-radius: 2px; }
.meta { all: initial; display: block; font: inherit; font-size: 12px; line-height: 16px; color: #555b66; }
.back { all: initial; display: flex; flex-direction: column; gap: 2px; font: inherit; color: inherit; padding-left: 8px; border-left: 2px solid #c3c8d1; }
.back-text { all: initial; display: block; font: inherit; font-size: 13px; line-height: 19px; color: inherit; white-space: pre-wrap; overflow-wrap: anywhere; unicode-bidi: plaintext; }
.status { all: initial; display: flex; align-items: center; gap: 8px; font: inherit; color: inherit; }
.spinner {
  all: initial; display: inline-block; width: 14px; height: 14px; box-sizing: border-box;
  border: 2px solid #c3c8d1; border-top-color: #2f6fde; border-radius: 50%; animation: spin 0.8s linear infinite;
}
@keyframes spin { to { transform: rotate(360deg); } }
.error { all: initial; display: flex; flex-direction: column; gap: 8px; font: inherit; color: #b3261e; }
.error p { all: initial; display: block; font: inherit; color: inherit; overflow-wrap: anywhere; }
.question { all: initial; display: block; font: inherit; color: inherit; overflow-wrap: anywhere; }
.actions { all: initial; display: flex; flex-wrap: wrap; gap: 8px; }
button {
  all: initial; box-sizing: border-box; cursor: pointer; font: 600 13px/18px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1d4fb8; padding: 4px 10px; border-radius: 4px; border: 1px solid currentColor; text-align: center;
}
button.primary { background: #1d4fb8; border-color: #1d4fb8; color: #ffffff; }
button.primary:hover { background: #173f94; }
button.close { flex: 0 0 auto; width: 24px; height: 24px; padding: 0; border: none; font-size: 18px; line-height: 24px; color: #555b66; }
button:hover { background: rgba(0, 0, 0, 0.06); }
button:focus-visible, select:focus-visible { outline: 2px solid #2f6fde; outline-offset: 2px; }
${darkScheme(`
  .bubble { background: #23262d; color: #eceff4; border-color: #3d424d; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.5); }
  label, .meta { color: #b4bac6; }
  .back { border-left-color: #4a505c; }
  select { background: #2c3038; color: #eceff4; border-color: #4a505c; }
  .error { color: #ff8a80; }
  button { color: #9bbcff; }
  button.primary { background: #9bbcff; border-color: #9bbcff; color: #12161d; }
  button.primary:hover { background: #b8cfff; }
  button.close { color: #b4bac6; }
  button:hover { background: rgba(255, 255, 255, 0.08); }
`)}
@media (prefers-reduced-motion: reduce) { .spinner { animation: none; } }
`;
