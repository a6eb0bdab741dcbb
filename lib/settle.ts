/** How long a value arrowed to stays before it is applied: the user may be arrowing on through the list. */
export const SETTLE_MS = 500;

/** Keys that step a closed select through its options, changing its value at each press. */
const STEP_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End']);

/** The handlers a choice control wires to its events. */
export interface SettledChoice<T> {
  keydown(key: string): void;
  change(value: T): void;
  /** The control lost the focus: what it shows is what the user chose. */
  blur(): void;
}

/**
 * A choice control (a speed list) that applies only the value the user settles on. A value
 * stepped to with the arrow keys waits `ms` for the next press, so arrowing from 1× to 2× asks
 * for one change, not four (each would stretch audio and may re-plan what is bought). A pick with
 * the mouse, Enter, or leaving the control applies at once.
 */
export function settledChoice<T>(apply: (value: T) => void, ms = SETTLE_MS): SettledChoice<T> {
  let stepping = false;
  let pending: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    if (!pending) return;
    const { value } = pending;
    pending = null;
    apply(value);
  };
  return {
    keydown(key) {
      if (STEP_KEYS.has(key)) stepping = true;
      else if (key === 'Enter') flush();
    },
    change(value) {
      pending = { value };
      if (!stepping) return flush();
      stepping = false;
      clearTimeout(timer);
      timer = setTimeout(flush, ms);
    },
    blur() {
      stepping = false;
      flush();
    },
  };
}
