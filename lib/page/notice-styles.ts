/**
 * Styles of the page notice. Everything is reset and sized in px inside the shadow root, so the
 * page's fonts, rem size and colors cannot reach the card.
 */
export const NOTICE_CSS = `
:host { all: initial; }
.card {
  all: initial; box-sizing: border-box; position: fixed; top: 16px; right: 16px; z-index: 2147483647;
  display: flex; align-items: flex-start; gap: 12px; width: 360px; max-width: calc(100vw - 32px);
  padding: 12px 12px 12px 16px; border-radius: 8px; border: 1px solid #d0d4dc; border-left-width: 4px;
  background: #ffffff; color: #1b1e24; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.18);
  font: 400 14px/20px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; text-align: start;
}
.card[data-tone="info"] { border-left-color: #2f6fde; }
.card[data-tone="error"] { border-left-color: #c62828; }
.body { all: initial; display: flex; flex-direction: column; gap: 8px; flex: 1 1 auto; min-width: 0; font: inherit; color: inherit; }
.message { all: initial; display: block; font: inherit; color: inherit; overflow-wrap: anywhere; white-space: pre-line; }
.actions { all: initial; display: flex; flex-wrap: wrap; gap: 8px; }
button {
  all: initial; box-sizing: border-box; cursor: pointer; font: 600 13px/18px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1d4fb8; padding: 4px 8px; border-radius: 4px; border: 1px solid currentColor;
}
button.close { flex: 0 0 auto; width: 24px; height: 24px; padding: 0; border: none; text-align: center; font-size: 18px; line-height: 24px; color: #555b66; }
button:hover { background: rgba(0, 0, 0, 0.06); }
button:focus-visible { outline: 2px solid #2f6fde; outline-offset: 2px; }
@media (prefers-color-scheme: dark) {
  .card { background: #23262d; color: #eceff4; border-color: #3d424d; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.5); }
  .card[data-tone="info"] { border-left-color: #7aa7ff; }
  .card[data-tone="error"] { border-left-color: #ff7b72; }
  button { color: #9bbcff; }
  button.close { color: #b4bac6; }
  button:hover { background: rgba(255, 255, 255, 0.08); }
}
`;
