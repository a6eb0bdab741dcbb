/**
 * The popup's first screen, kept from its last opening so the next one paints it before React has
 * even loaded: the markup React rendered from the cached account, voices and settings (no page
 * text: the selection, readings and history arrive later), stored as a tree of tags, attributes and
 * text in the popup's localStorage, which a small script reads synchronously while popup.html is
 * parsed. It is rebuilt with createElement / setAttribute / text nodes, never parsed as HTML, and
 * only from the tags and attributes a popup uses; React then hydrates it (see entrypoints/popup).
 * A snapshot that no longer matches (credits changed, another account, a new version) costs
 * nothing but React's own replacement, in the same commit.
 */

/** A text node, or [tag ('svg:' prefix for SVG), attributes, children]. */
export type SnapshotNode = string | [string, [string, string][], SnapshotNode[]];

export interface PopupSnapshot {
  v: 1;
  lang: string;
  dir: string;
  nodes: SnapshotNode[];
}

export const SNAPSHOT_KEY = 'voxlate.popupSnapshot';
const SVG_NS = 'http://www.w3.org/2000/svg';

/** The elements a popup's first screen is made of; anything else is left out of a snapshot. */
const HTML_TAGS = new Set([
  'main', 'section', 'div', 'span', 'p', 'h1', 'h2', 'h3', 'strong', 'em', 'small', 'ul', 'ol', 'li', 'br',
  'button', 'label', 'input', 'textarea', 'select', 'option', 'optgroup', 'fieldset', 'legend', 'progress', 'audio', 'output',
]);
const SVG_TAGS = new Set(['svg', 'path', 'g', 'circle', 'rect', 'line', 'polyline', 'polygon']);
/** Attributes that could load or run something are never kept. */
const BLOCKED_ATTRIBUTES = /^(on|href$|xlink:|src$|srcset$|action$|formaction$|style$|srcdoc$|ping$|background$|poster$|data$)/i;

function allowedTag(tag: string): boolean {
  return tag.startsWith('svg:') ? SVG_TAGS.has(tag.slice(4)) : HTML_TAGS.has(tag);
}

function snapshotNode(node: Node): SnapshotNode | null {
  if (node.nodeType === 3) return (node as Text).data;
  if (node.nodeType !== 1) return null;
  const element = node as Element;
  const local = element.localName;
  const tag = element.namespaceURI === SVG_NS ? `svg:${local}` : local;
  if (!allowedTag(tag)) return null;
  const attributes: [string, string][] = [];
  for (const { name, value } of element.attributes) {
    if (BLOCKED_ATTRIBUTES.test(name) || name === 'value' || name === 'checked' || name === 'selected') continue;
    attributes.push([name, value]);
  }
  // Form controls: what they show (their properties), as the attributes that show it when parsed.
  if (element instanceof HTMLInputElement) {
    if (element.type === 'radio' || element.type === 'checkbox') {
      if (element.checked) attributes.push(['checked', '']);
      if (element.hasAttribute('value')) attributes.push(['value', element.value]);
    } else attributes.push(['value', element.value]);
  } else if (element instanceof HTMLOptionElement) {
    attributes.push(['value', element.value]);
    if (element.selected) attributes.push(['selected', '']);
  }
  const children =
    element instanceof HTMLTextAreaElement
      ? element.value ? [element.value] : []
      : [...element.childNodes].map(snapshotNode).filter((child): child is SnapshotNode => child !== null);
  return [tag, attributes, children];
}

/** The root's content as a snapshot. */
export function takeSnapshot(root: Element): PopupSnapshot {
  const doc = root.ownerDocument;
  return {
    v: 1,
    lang: doc.documentElement.lang,
    dir: doc.documentElement.dir,
    nodes: [...root.childNodes].map(snapshotNode).filter((node): node is SnapshotNode => node !== null),
  };
}

/** Keeps the root's content for the next opening (when it changed). */
export function saveSnapshot(root: Element, storage: Storage = localStorage): void {
  try {
    const text = JSON.stringify(takeSnapshot(root));
    if (storage.getItem(SNAPSHOT_KEY) !== text) storage.setItem(SNAPSHOT_KEY, text);
  } catch {
    // Storage full or unavailable: the next opening paints when React renders, as without it.
  }
}

/** Forgets the first screen (another account or service: it would show the wrong one). */
export function dropSnapshot(storage: Storage = localStorage): void {
  try {
    storage.removeItem(SNAPSHOT_KEY);
  } catch {
    // Nothing kept.
  }
}

/** The snapshot kept, when it is one of this version; its nodes are checked as they are built. */
function parseSnapshot(text: string | null): PopupSnapshot | null {
  if (!text) return null;
  const value = JSON.parse(text) as Partial<PopupSnapshot> | null;
  if (!value || value.v !== 1 || typeof value.lang !== 'string' || typeof value.dir !== 'string' || !Array.isArray(value.nodes)) return null;
  return value as PopupSnapshot;
}

/**
 * The node a snapshot describes. Its text is text, its tags and attributes those allowed; anything
 * else in a damaged snapshot (not a tag and its lists) throws, and nothing is painted.
 */
function build(doc: Document, node: SnapshotNode): Node | null {
  if (typeof node === 'string') return doc.createTextNode(node);
  const [tag, attributes, children] = node;
  if (typeof tag !== 'string' || !allowedTag(tag)) return null;
  const element = tag.startsWith('svg:') ? doc.createElementNS(SVG_NS, tag.slice(4)) : doc.createElement(tag);
  for (const [name, value] of attributes) {
    if (typeof name !== 'string' || typeof value !== 'string' || BLOCKED_ATTRIBUTES.test(name)) continue;
    try {
      element.setAttribute(name, value);
    } catch {
      // Not a valid attribute name: left out.
    }
  }
  for (const child of children) {
    const built = build(doc, child);
    if (built) element.appendChild(built);
  }
  return element;
}

/**
 * Paints the last first screen into an empty root (the popup's small first script). True when it
 * did; false when there is none, it is unreadable, or the root already has content.
 */
export function restoreSnapshot(root: Element, storage: Storage = localStorage): boolean {
  if (root.hasChildNodes()) return false;
  const doc = root.ownerDocument;
  const fragment = doc.createDocumentFragment();
  let snapshot: PopupSnapshot | null;
  try {
    snapshot = parseSnapshot(storage.getItem(SNAPSHOT_KEY));
    if (!snapshot || snapshot.nodes.length === 0) return false;
    for (const node of snapshot.nodes) {
      const built = build(doc, node);
      if (built) fragment.appendChild(built);
    }
  } catch {
    // Unreadable or damaged: nothing painted (React renders as without it).
    return false;
  }
  if (snapshot.lang) doc.documentElement.lang = snapshot.lang;
  if (snapshot.dir === 'rtl' || snapshot.dir === 'ltr') doc.documentElement.dir = snapshot.dir;
  root.appendChild(fragment);
  return true;
}
