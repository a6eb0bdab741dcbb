/** Text compared without case or accents ("Résumé" finds "resume"), in the way the UI language folds case. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase().replace(/\s+/g, ' ').trim();
}

/** Whether any of a section's labels holds every word of the query (an empty query matches all). */
export function labelsMatch(labels: readonly string[], query: string): boolean {
  const words = foldForSearch(query).split(' ').filter(Boolean);
  if (!words.length) return true;
  const folded = labels.map(foldForSearch);
  return folded.some((label) => words.every((word) => label.includes(word)));
}

/** What names a setting in a section: headings, labels, legends, permission and shortcut names. */
export const LABEL_SELECTOR = 'h2, h3, label, legend, dt, td:first-child, th[scope="row"]';

/** The labels of a section as shown. */
export function labelsOf(section: Element): string[] {
  return [...section.querySelectorAll(LABEL_SELECTOR)].map((element) => element.textContent ?? '');
}
