import { formatNumber, t, type MessageKey } from '../../i18n';
import { LISTEN_MODES, type ListenMode } from '../../settings/listen-mode';
import { settledChoice } from '../../settle';
import { icon, type IconName } from './icons';
import type { Box } from './placement';

/** Speeds offered by the bar; a reading at another speed gets its own entry. */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** What the bar's controls do. */
export interface BarHandlers {
  action(action: 'toggle' | 'next' | 'previous' | 'stop'): void;
  speed(speed: number): void;
  move(): void;
  hide(): void;
  /** Dragged by its grip and dropped with its centre at (x, y). */
  drop(x: number, y: number): void;
  /** Goes on reading from the focused paragraph or the first in view; absent when the text read is not on the page. */
  jumpHere?: () => void;
  /** A reading heard in another language: how it is heard, and hearing it another way. */
  listenMode?: { mode: ListenMode; change(mode: ListenMode): void };
}

const LISTEN_MODE_WORDS: Record<ListenMode, MessageKey> = {
  translation: 'pagePlayerHearTranslation',
  'original-first': 'pagePlayerHearOriginalFirst',
  'translation-first': 'pagePlayerHearTranslationFirst',
  learner: 'pagePlayerHearLearner',
};

/** What the bar shows. */
export interface BarState {
  paused: boolean;
  speed: number;
  progress: string;
}

/** The player on the page: a toolbar of buttons, a speed control and the progress. */
export interface Bar {
  element: HTMLElement;
  render(state: BarState): void;
  /** Puts the bar at a place in the window (viewport px). */
  moveTo(left: number, top: number): void;
  size(): { width: number; height: number };
  box(): Box;
}

function iconButton(doc: Document, name: IconName, label: string, onClick: () => void): HTMLButtonElement {
  const button = doc.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-label', label);
  button.title = label;
  button.append(icon(doc, name));
  button.addEventListener('click', onClick);
  return button;
}

/**
 * Builds the bar (not yet on the page). A `role="toolbar"` named "Voxlate player"; every control
 * is reached with Tab, and also with the arrow keys, Home and End (the ARIA toolbar pattern);
 * Escape hides the bar until the next reading.
 */
export function createBar(doc: Document, on: BarHandlers): Bar {
  const bar = doc.createElement('div');
  bar.className = 'bar';
  bar.setAttribute('role', 'toolbar');
  bar.setAttribute('aria-label', t('pagePlayerLabel'));
  const grip = doc.createElement('span');
  grip.className = 'grip';
  grip.append(icon(doc, 'grip'));
  const toggle = iconButton(doc, 'pause', t('pause'), () => on.action('toggle'));
  toggle.classList.add('toggle');
  const [speedLabel, speed] = labelledSelect(doc, 'speed', t('pagePlayerSpeed'), (value) => on.speed(Number(value)));
  const progress = doc.createElement('span');
  progress.className = 'progress';
  bar.append(
    grip,
    iconButton(doc, 'previous', t('previousSentence'), () => on.action('previous')),
    toggle,
    iconButton(doc, 'next', t('nextSentence'), () => on.action('next')),
    iconButton(doc, 'stop', t('stop'), () => on.action('stop')),
    ...(on.jumpHere ? [iconButton(doc, 'here', t('pagePlayerJumpHere'), on.jumpHere)] : []),
    speedLabel,
    speed,
    ...(on.listenMode ? listenModeControl(doc, on.listenMode) : []),
    progress,
    iconButton(doc, 'move', t('pagePlayerMove'), on.move),
    iconButton(doc, 'hide', t('pagePlayerHide'), on.hide),
  );
  bar.addEventListener('keydown', (event) => onKey(event, bar, on));
  dragByGrip(grip, bar, on);

  let shown: BarState | null = null;
  return {
    element: bar,
    render(state) {
      if (state.paused !== shown?.paused) {
        const label = state.paused ? t('resume') : t('pause');
        toggle.setAttribute('aria-label', label);
        toggle.title = label;
        toggle.replaceChildren(icon(doc, state.paused ? 'play' : 'pause'));
      }
      if (state.speed !== shown?.speed) fillSpeeds(doc, speed, state.speed);
      if (state.progress !== shown?.progress) progress.textContent = state.progress;
      shown = state;
    },
    moveTo(left, top) {
      bar.style.setProperty('left', `${Math.round(left)}px`);
      bar.style.setProperty('top', `${Math.round(top)}px`);
    },
    size() {
      const { width, height } = bar.getBoundingClientRect();
      return { width, height };
    },
    box() {
      const { left, top, width, height } = bar.getBoundingClientRect();
      return { left, top, width, height };
    },
  };
}

/** "Hear: [Translation ▾]": the ways a reading in another language can be heard; the one chosen goes on from the sentence heard. */
function listenModeControl(doc: Document, listen: NonNullable<BarHandlers['listenMode']>): HTMLElement[] {
  // (Each way chosen restarts the sentence: only the one the user stops at is asked for.)
  const [label, select] = labelledSelect(doc, 'listen-mode', t('pagePlayerHear'), (mode) => listen.change(mode as ListenMode));
  select.replaceChildren(
    ...LISTEN_MODES.map((mode) => {
      const option = doc.createElement('option');
      option.value = mode;
      option.textContent = t(LISTEN_MODE_WORDS[mode]);
      return option;
    }),
  );
  select.value = listen.mode;
  return [label, select];
}

/**
 * A select with its own label element (not wrapped around it: the name is "Speed", not "Speed 1×").
 * Arrowing through its values asks `onSettled` for the one the user stops at, not each on the way.
 */
function labelledSelect(doc: Document, id: string, name: string, onSettled: (value: string) => void): [HTMLLabelElement, HTMLSelectElement] {
  const select = doc.createElement('select');
  select.id = id;
  const chosen = settledChoice<string>(onSettled);
  select.addEventListener('keydown', (event) => chosen.keydown(event.key));
  select.addEventListener('change', () => chosen.change(select.value));
  select.addEventListener('blur', () => chosen.blur());
  const label = doc.createElement('label');
  label.htmlFor = id;
  label.textContent = name;
  return [label, select];
}

function fillSpeeds(doc: Document, select: HTMLSelectElement, current: number): void {
  const speeds = [...new Set([...SPEEDS, current])].sort((a, b) => a - b);
  select.replaceChildren(
    ...speeds.map((value) => {
      const option = doc.createElement('option');
      option.value = String(value);
      option.textContent = `${formatNumber(value)}×`;
      return option;
    }),
  );
  select.value = String(current);
}

/** Arrow keys, Home and End move between the toolbar's controls; Escape hides it. The page does not hear them. */
function onKey(event: KeyboardEvent, bar: HTMLElement, on: BarHandlers): void {
  // Keys pressed in the player are ours: the page's own shortcuts do not hear them.
  event.stopPropagation();
  if (event.key === 'Escape') {
    event.preventDefault();
    on.hide();
    return;
  }
  const controls = [...bar.querySelectorAll<HTMLElement>('button, select')];
  const root = bar.getRootNode() as ShadowRoot | Document;
  const at = controls.indexOf(root.activeElement as HTMLElement);
  const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: controls.length - 1 }[event.key];
  if (to === undefined || at < 0) return;
  event.preventDefault();
  controls[(to + controls.length) % controls.length]!.focus();
}

/** Dragging the grip moves the bar with the pointer; dropping it tells where. */
function dragByGrip(grip: HTMLElement, bar: HTMLElement, on: BarHandlers): void {
  let from: { x: number; y: number; left: number; top: number } | null = null;
  grip.addEventListener('pointerdown', (event) => {
    const rect = bar.getBoundingClientRect();
    from = { x: event.clientX, y: event.clientY, left: rect.left, top: rect.top };
    grip.setPointerCapture(event.pointerId);
    bar.classList.add('dragging');
    event.preventDefault();
  });
  grip.addEventListener('pointermove', (event) => {
    if (!from) return;
    bar.style.setProperty('left', `${Math.round(from.left + event.clientX - from.x)}px`);
    bar.style.setProperty('top', `${Math.round(from.top + event.clientY - from.y)}px`);
  });
  const end = () => {
    if (!from) return;
    from = null;
    bar.classList.remove('dragging');
    const rect = bar.getBoundingClientRect();
    on.drop(rect.left + rect.width / 2, rect.top + rect.height / 2);
  };
  grip.addEventListener('pointerup', end);
  grip.addEventListener('pointercancel', end);
}
