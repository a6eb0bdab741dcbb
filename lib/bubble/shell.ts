/**
 * The bubble's shell: its "Translating…" state painted beside the selection by a few lines the
 * background runs in the page (scripting.executeScript `func`) at the menu click, while the page
 * script, whose first run costs tens of ms on a large page, is still being injected. The page
 * script's bubble then takes the shell's host and root over (see takeBubbleShell), so the bubble
 * never flickers or jumps from one element to another.
 *
 * paintBubbleShell and removeBubbleShell are serialised by the browser: they must not use anything
 * outside their own bodies (no imports, no module constants, no helpers).
 */

/** What the shell shows, handed over as the injected function's argument. */
export interface BubbleShellInput {
  /** The bubble's stylesheet (BUBBLE_CSS), so the shell looks like the bubble's waiting state. */
  css: string;
  /** The dialog's accessible name, e.g. "Translation". */
  dialog: string;
  /** E.g. "Translating…". */
  waiting: string;
  /** How long an unclaimed shell stays (the page script never came, e.g. the page navigated). */
  lifetimeMs: number;
}

/** The shell as the page script finds it in its (isolated) world. */
export interface BubbleShell {
  host: HTMLElement;
  root: ShadowRoot;
  timer: ReturnType<typeof setTimeout>;
}

/** Key of the shell in the content scripts' world (Symbol.for: shared by the injected function). */
const SHELL_KEY = Symbol.for('voxlate.bubbleShell');

/**
 * Runs in the page (isolated world). Paints the bubble's waiting state under the selection (or the
 * focused field), in a closed shadow root, and leaves it for the page script. Does nothing when the
 * page script is already running here (it shows its bubble at once) or a shell is already shown.
 * Resolves to whether a shell was painted, once it is on screen: the page script's first run holds
 * the page's main thread for tens of ms, and injected earlier it would hold the shell's paint back.
 */
export function paintBubbleShell(input: BubbleShellInput): Promise<boolean> | false {
  const scope = globalThis as unknown as Record<symbol, unknown>;
  const key = Symbol.for('voxlate.bubbleShell');
  if (scope[Symbol.for('voxlate.pageAgent')] || scope[key]) return false;
  const doc = document;
  const active = doc.activeElement;
  const selection = getSelection();
  // Read before our host is added: a clean layout, so measuring costs nothing.
  const rect =
    active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement
      ? active.getBoundingClientRect()
      : selection && selection.rangeCount > 0
        ? selection.getRangeAt(0).getBoundingClientRect()
        : null;
  // Light or dark like the page under where it shows (the bubble checks again when it takes over):
  // the first opaque background up from the element there, by its luma.
  let dark = false;
  for (let node = rect ? doc.elementFromPoint(rect.left + 4, rect.bottom + 12) : doc.body; node; node = node.parentElement) {
    const rgba = /rgba?\(([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+))?/.exec(getComputedStyle(node).backgroundColor);
    if (rgba && (rgba[4] === undefined || Number(rgba[4]) >= 0.5)) {
      dark = 0.2126 * Number(rgba[1]) + 0.7152 * Number(rgba[2]) + 0.0722 * Number(rgba[3]) < 118;
      break;
    }
  }
  const host = doc.createElement('voxlate-bubble');
  if (dark) host.dataset.scheme = 'dark';
  for (const [name, value] of [['all', 'initial'], ['position', 'fixed'], ['top', '0'], ['left', '0'], ['width', '0'], ['height', '0'], ['z-index', '2147483647']]) {
    host.style.setProperty(name!, value!, 'important');
  }
  const root = host.attachShadow({ mode: 'closed' });
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(input.css);
    root.adoptedStyleSheets = [sheet];
  } catch {
    const style = doc.createElement('style');
    style.textContent = input.css;
    root.append(style);
  }
  const dialog = doc.createElement('div');
  dialog.className = 'bubble';
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-label', input.dialog);
  const status = doc.createElement('div');
  status.className = 'status';
  status.setAttribute('role', 'status');
  const spinner = doc.createElement('span');
  spinner.className = 'spinner';
  spinner.setAttribute('aria-hidden', 'true');
  const text = doc.createElement('span');
  text.textContent = input.waiting;
  status.append(spinner, text);
  dialog.append(status);
  root.append(dialog);
  // Below the selection, or above it near the bottom of the window; the bubble places itself
  // exactly once it takes over. Without a place on the page (nothing measurable) at the top.
  let top = 8;
  let left = Math.max(8, innerWidth / 2 - 160);
  if (rect && (rect.width > 0 || rect.height > 0)) {
    const below = rect.bottom + 8 + 80 <= innerHeight || rect.top < innerHeight - rect.bottom;
    top = below ? rect.bottom + 8 : rect.top - 8 - 56;
    left = Math.max(8, Math.min(rect.left, innerWidth - 8 - 260));
  }
  dialog.style.setProperty('top', `${Math.round(top)}px`);
  dialog.style.setProperty('left', `${Math.round(left)}px`);
  doc.documentElement.append(host);
  const shell = {
    host,
    root,
    timer: setTimeout(() => {
      if (scope[key] !== shell) return;
      host.remove();
      delete scope[key];
    }, input.lifetimeMs),
  };
  scope[key] = shell;
  // After the next frame's rendering; a hidden page renders no frames, hence the cap.
  return new Promise((resolve) => {
    const done = () => resolve(true);
    requestAnimationFrame(() => setTimeout(done, 0));
    setTimeout(done, 100);
  });
}

/** Runs in the page (isolated world): takes an unclaimed shell away (the translation could not start). */
export function removeBubbleShell(): void {
  const scope = globalThis as unknown as Record<symbol, { host: HTMLElement; timer: ReturnType<typeof setTimeout> } | undefined>;
  const key = Symbol.for('voxlate.bubbleShell');
  const shell = scope[key];
  if (!shell) return;
  clearTimeout(shell.timer);
  shell.host.remove();
  delete scope[key];
}

/**
 * The page script's side: the shell painted in `doc`, now the bubble's to fill (its host stays on
 * the page), or null when there is none.
 */
export function takeBubbleShell(doc: Document): BubbleShell | null {
  const scope = globalThis as unknown as Record<symbol, BubbleShell | undefined>;
  const shell = scope[SHELL_KEY];
  if (!shell) return null;
  delete scope[SHELL_KEY];
  clearTimeout(shell.timer);
  if (shell.host.ownerDocument !== doc || !shell.host.isConnected) {
    shell.host.remove();
    return null;
  }
  return shell;
}
