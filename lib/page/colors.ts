/*
 * Colours for what we draw on other people's pages, chosen from the page itself: the background
 * actually behind an element (not the system's light or dark setting, which the page may ignore),
 * and inks that meet WCAG AA contrast (4.5:1) against it.
 */

export type Rgb = readonly [number, number, number];

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

/** Parses `rgb(…)` / `rgba(…)` as computed styles give them; null for transparent or anything else. */
export function parseColor(value: string): { rgb: Rgb; alpha: number } | null {
  const match = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(value.trim());
  if (!match) return null;
  const alphaText = match[4];
  const alpha = alphaText === undefined ? 1 : alphaText.endsWith('%') ? Number(alphaText.slice(0, -1)) / 100 : Number(alphaText);
  return { rgb: [Number(match[1]), Number(match[2]), Number(match[3])], alpha };
}

/** Relative luminance (WCAG 2). */
export function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** Contrast ratio between two colours, 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const over = (top: Rgb, alpha: number, below: Rgb): Rgb => top.map((c, i) => c * alpha + below[i]! * (1 - alpha)) as unknown as Rgb;

/**
 * The colour behind `element`: its own background and its ancestors', blended up to the first
 * opaque one. Nothing opaque (the canvas shows): white, unless the page declares it can be dark
 * (`color-scheme`) and the system is dark. Background images are not looked into.
 */
export function backgroundBehind(element: Element): Rgb {
  const view = element.ownerDocument.defaultView;
  const layers: { rgb: Rgb; alpha: number }[] = [];
  for (let node: Element | null = element; node && view; node = node.parentElement) {
    const color = parseColor(view.getComputedStyle(node).backgroundColor);
    if (color && color.alpha > 0) layers.push(color);
    if (color && color.alpha >= 1) break;
  }
  let base: Rgb = canvasColor(element.ownerDocument);
  if (layers.at(-1)?.alpha === 1) base = layers.pop()!.rgb;
  for (const layer of layers.reverse()) base = over(layer.rgb, layer.alpha, base);
  return base;
}

function canvasColor(doc: Document): Rgb {
  const view = doc.defaultView;
  if (!view) return [255, 255, 255];
  const scheme = view.getComputedStyle(doc.documentElement).colorScheme ?? '';
  const pageMayBeDark = /\bdark\b/.test(scheme);
  const systemDark = view.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  // The browser paints a dark canvas only for a page that says it supports dark.
  return pageMayBeDark && systemDark ? [18, 18, 18] : [255, 255, 255];
}

/** Whether a background is dark enough that our dark-surface look fits it. */
export const isDark = (background: Rgb): boolean => luminance(background) < 0.18;

/** Our own elements on a page (their hosts): never what is "behind" our UI. */
const isOurs = (element: Element) => element.localName.startsWith('voxlate-');

/**
 * Light or dark, to match what the page shows behind `box` (viewport px): the background of the
 * page's element under its middle and near its corners, the majority deciding. Our surfaces there
 * take the look that fits the page, not the system's setting, which the page may ignore.
 */
export function schemeBehind(doc: Document, box: { left: number; top: number; width: number; height: number }): 'light' | 'dark' {
  const inset = (size: number) => Math.min(8, size / 2);
  const xs = [box.left + inset(box.width), box.left + box.width / 2, box.left + box.width - inset(box.width)];
  const ys = [box.top + inset(box.height), box.top + box.height / 2, box.top + box.height - inset(box.height)];
  const points = [[xs[1]!, ys[1]!], [xs[0]!, ys[0]!], [xs[2]!, ys[0]!], [xs[0]!, ys[2]!], [xs[2]!, ys[2]!]] as const;
  let dark = 0;
  for (const [x, y] of points) {
    const under = doc.elementsFromPoint?.(x, y).find((element) => !isOurs(element)) ?? doc.body ?? doc.documentElement;
    if (under && isDark(backgroundBehind(under))) dark++;
  }
  return dark * 2 > points.length ? 'dark' : 'light';
}

/**
 * The first of `inks` (CSS hex colours, in order of preference) that meets AA on `background`;
 * black or white, whichever contrasts more, when none does.
 */
export function inkOn(background: Rgb, inks: readonly string[]): string {
  for (const ink of inks) if (contrast(hexToRgb(ink), background) >= AA_CONTRAST) return ink;
  return contrast([0, 0, 0], background) >= contrast([255, 255, 255], background) ? '#000000' : '#ffffff';
}

export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
