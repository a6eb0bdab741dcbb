import { baseCode } from '../language';

const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/**
 * The language of `node` from the closest `lang` / `xml:lang` attribute, as its lowercased base
 * subtag ('en-US' → 'en'), or null when there is none, it is empty ("unknown", per HTML) or it is
 * not an ISO 639 code. Crosses shadow roots to their host, as the `:lang()` selector does.
 */
export function closestLanguage(node: Node | null): string | null {
  for (let current = node; current; current = parentAcrossShadow(current)) {
    if (current.nodeType !== Node.ELEMENT_NODE) continue;
    const element = current as Element;
    // xml:lang wins over lang on the same element (HTML "The lang and xml:lang attributes").
    const value = element.getAttributeNS(XML_NS, 'lang') ?? element.getAttribute('xml:lang') ?? element.getAttribute('lang');
    if (value !== null) return baseSubtag(value);
  }
  return null;
}

function parentAcrossShadow(node: Node): Node | null {
  if (node.parentNode) return node.parentNode;
  return (node as ShadowRoot).host ?? null;
}

function baseSubtag(tag: string): string | null {
  const base = baseCode(tag);
  return /^[a-z]{2,3}$/.test(base) ? base : null;
}
