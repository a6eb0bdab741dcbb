// Where pages put their headline; checked in this order, and only these, so the search stays cheap.
const TITLE_SELECTORS = ['h1', 'article h2', 'main h2', 'header h2'];

/**
 * The live element whose text is `title` (ignoring whitespace and case), so the title can be
 * highlighted too; null when the headline is not one of the usual elements or says otherwise.
 */
export function findLiveTitle(doc: Document, title: string): Element | null {
  const wanted = normalize(title);
  for (const selector of TITLE_SELECTORS) {
    for (const element of Array.from(doc.querySelectorAll(selector)).slice(0, 20)) {
      if (normalize(element.textContent ?? '') === wanted) return element;
    }
  }
  return null;
}

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}
