/**
 * Small icons drawn as SVG in the text colour: a symbol character (⏮ ⏭ ⇄) renders as an empty
 * box where the user's fonts lack it. Decorative: the button around each icon carries the name.
 */
const frame = { width: 16, height: 16, viewBox: '0 0 16 16', 'aria-hidden': true, focusable: false } as const;

/** Previous sentence: a bar, then a triangle pointing back. */
export function PreviousIcon() {
  return (
    <svg {...frame}>
      <rect x="2" y="3" width="2" height="10" fill="currentColor" />
      <path d="M13 3v10L5 8z" fill="currentColor" />
    </svg>
  );
}

/** Next sentence: a triangle pointing on, then a bar. */
export function NextIcon() {
  return (
    <svg {...frame}>
      <path d="M3 3v10l8-5z" fill="currentColor" />
      <rect x="12" y="3" width="2" height="10" fill="currentColor" />
    </svg>
  );
}

/** Swap the two languages: two arrows, one each way. */
export function SwapIcon() {
  return (
    <svg {...frame}>
      <path d="M2 5h10M9 2l3 3-3 3M14 11H4M7 8l-3 3 3 3" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
