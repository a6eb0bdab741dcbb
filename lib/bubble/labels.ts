/**
 * Every visible or spoken string of the bubble. The caller passes them from the extension's
 * locale files, with a `{name}` marker where a value goes (the bubble fills it when it knows the
 * value): plain strings, so the labels can also be handed to a test page.
 */
export interface BubbleLabels {
  /** Accessible name of the dialog, e.g. "Translation". */
  dialog: string;
  close: string;
  /** Label of the target-language picker, e.g. "Translate to". */
  target: string;
  /** Shown while waiting, e.g. "Translating…". */
  waiting: string;
  /** E.g. "Detected: {language}". */
  detected: string;
  /** E.g. "Cost: {cost} credit" (for exactly 1). */
  costOne: string;
  /** E.g. "Cost: {cost} credits". */
  cost: string;
  /** E.g. "Balance: {balance}". */
  balance: string;
  /** E.g. "From cache: no credits used". */
  fromCache: string;
  copy: string;
  /** Shown briefly on the copy button after copying. */
  copied: string;
  listen: string;
  replace: string;
  /** E.g. "This translation costs {cost} credit. Translate?" (for exactly 1). */
  confirmCostOne: string;
  /** E.g. "This translation costs {cost} credits. Translate?" */
  confirmCost: string;
  /** The button that sends a translation after the question, e.g. "Translate". */
  confirm: string;
  cancel: string;
}

/** Fills `{name}` placeholders; unknown ones are left as they are so a mistake stays visible. */
export function fillLabel(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
