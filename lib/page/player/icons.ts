const SVG = 'http://www.w3.org/2000/svg';

/** SVG drawings of the bar's buttons (16×16, in the text colour): symbol characters can be missing from a page's fonts. */
const DRAWINGS = {
  previous: ['M2 3h2v10H2z', 'M13 3v10L5 8z'],
  next: ['M3 3v10l8-5z', 'M12 3h2v10h-2z'],
  pause: ['M4 3h3v10H4z', 'M9 3h3v10H9z'],
  play: ['M4 2.5v11L13 8z'],
  here: ['M1 3h9v2H1zM1 7h6v2H1zM1 11h9v2H1z', 'M10 5.5v7L15 9z'],
  stop: ['M3.5 3.5h9v9h-9z'],
  move: ['M8 1l3 3H9v3h3V5l3 3-3 3V9H9v3h2l-3 3-3-3h2V9H4v2L1 8l3-3v2h3V4H5z'],
  hide: ['M3.4 2 8 6.6 12.6 2 14 3.4 9.4 8l4.6 4.6-1.4 1.4L8 9.4 3.4 14 2 12.6 6.6 8 2 3.4z'],
  grip: ['M5 3h2v2H5zM9 3h2v2H9zM5 7h2v2H5zM9 7h2v2H9zM5 11h2v2H5zM9 11h2v2H9z'],
} as const;

export type IconName = keyof typeof DRAWINGS;

/** A decorative icon: the control around it carries the name. */
export function icon(doc: Document, name: IconName): SVGSVGElement {
  const svg = doc.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  for (const d of DRAWINGS[name]) {
    const path = doc.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    path.setAttribute('fill', 'currentColor');
    svg.append(path);
  }
  return svg;
}
