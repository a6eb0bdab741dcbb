import { claimedScreenSpace, createShadowHost, matchPageScheme, setShadowStyles, type ShadowHost } from '../shadow-host';
import { createBar, type Bar } from './bar';
import { PLAYER_CSS } from './bar-styles';
import { watchParagraphs } from './jump-button';
import { sentenceToJumpTo } from './jump-target';
import { boxInCorner, cornerAvoiding, nearestCorner, nextCorner, type Box } from './placement';
import { progressText, TimeLeft } from './progress';
import type { ListenMode, PagePlayerActions, PagePlayerSetup, PagePlayerState, PlayerCorner, SourcePlaces } from './types';
import { visibleViewport } from '../viewport';

/** The player on a page while it is read aloud. */
export interface PagePlayer {
  /** Takes the reading's state; false when the page does not know this reading (it needs `setup`). */
  update(state: PagePlayerState): boolean;
  /** Whether the user is looking around the page being read (scrolling it, or about to jump): not the time to scroll it for them. */
  browsing(): boolean;
  close(): void;
}

/** How long after the user last scrolled the page it may be scrolled to the sentence again. */
export const BROWSING_MS = 8000;

interface Live {
  sessionId: string;
  setup: PagePlayerSetup;
  shadow: ShadowHost;
  bar: Bar | null;
  corner: PlayerCorner;
  timeLeft: TimeLeft;
  state: PagePlayerState;
  ended: AbortController;
  /** Whether the "Read from here" button is showing. */
  jumpShown(): boolean;
}

/** Keys that scroll a page. */
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown', ' ']);

const FINISHED = new Set<PagePlayerState['status']>(['ended', 'stopped', 'error']);

/**
 * The in-page player: a toolbar in a corner (see bar.ts) that never covers the sentence being
 * read, and the "Read from here" button beside hovered paragraphs (see jump-button.ts). Shown
 * while a reading of this page goes on; everything goes when it ends or `signal` aborts.
 * `places` is the page text being read (null when it is not on the page).
 */
export function createPagePlayer(deps: { doc: Document; places: () => Partial<SourcePlaces> | null; actions: PagePlayerActions; signal: AbortSignal }): PagePlayer {
  const { doc, actions } = deps;
  const view = doc.defaultView!;
  let live: Live | null = null;
  let lastBrowsed = -Infinity;

  const close = () => {
    live?.ended.abort();
    live?.shadow.remove();
    live = null;
  };
  deps.signal.addEventListener('abort', close);
  /** Whether the text read is on this page, where a jump can find its paragraphs. */
  const canJump = (setup: PagePlayerSetup) => {
    const places = deps.places();
    return setup.sentences.length > 0 && Boolean(places?.offsetIn && places.rangeFor);
  };
  // The page's element that last had the focus (our player takes it when its button is pressed).
  let lastPageFocus: Element | null = null;
  doc.addEventListener('focusin', (event) => {
    const target = event.target as Element | null;
    // A node type, not instanceof: a Firefox content script sees the page's nodes through wrappers.
    if (target?.nodeType === Node.ELEMENT_NODE && !target.localName.startsWith('voxlate-')) lastPageFocus = target;
  }, { capture: true, signal: deps.signal });

  const viewport = () => visibleViewport(doc);

  /** Line boxes of the sentence being read, in viewport px. */
  const sentenceBoxes = (reading: Live): Box[] => {
    const range = reading.setup.sentences[reading.state.sentence];
    const found = range && deps.places()?.rangeFor?.(range[0], range[1]);
    return found ? [...found.getClientRects()].map((r) => ({ left: r.left, top: r.top, width: r.width, height: r.height })) : [];
  };

  const place = (reading: Live) => {
    // Being dragged: it is where the pointer puts it until dropped.
    if (!reading.bar || reading.bar.element.classList.contains('dragging')) return;
    const size = reading.bar.size();
    const corner = cornerAvoiding(reading.corner, size, viewport(), [...sentenceBoxes(reading), ...claimedScreenSpace()]);
    const box = boxInCorner(corner, size, viewport());
    reading.bar.moveTo(box.left, box.top);
    // Light or dark like the page where it now sits.
    matchPageScheme(reading.shadow.host, { left: box.left, top: box.top, ...size });
  };

  const render = (reading: Live) => {
    const { state, setup } = reading;
    const secondsLeft = reading.timeLeft.secondsFrom(state.sentence, state.speed);
    reading.bar?.render({ paused: state.status === 'paused', speed: state.speed, progress: progressText(state.sentence, setup.lengths.length, secondsLeft) });
    place(reading);
  };

  const open = (state: PagePlayerState & { setup: PagePlayerSetup }) => {
    close();
    const shadow = createShadowHost(doc, 'voxlate-player');
    setShadowStyles(shadow.root, PLAYER_CSS);
    const reading: Live = {
      sessionId: state.sessionId,
      setup: state.setup,
      shadow,
      bar: null,
      corner: state.setup.corner,
      timeLeft: new TimeLeft(state.setup.lengths),
      state,
      ended: new AbortController(),
      jumpShown: () => false,
    };
    live = reading;
    if (state.setup.show) {
      const moveTo = (corner: PlayerCorner) => {
        reading.corner = corner;
        actions.saveCorner(corner);
        place(reading);
      };
      reading.bar = createBar(doc, {
        action: (action) => actions.control(action),
        speed: (speed) => actions.setSpeed(speed),
        ...(state.setup.listenMode ? { listenMode: { mode: state.setup.listenMode, change: (mode: ListenMode) => actions.setListenMode(mode) } } : {}),
        move: () => moveTo(nextCorner(reading.corner)),
        hide: () => {
          reading.bar?.element.remove();
          reading.bar = null;
        },
        drop: (x, y) => moveTo(nearestCorner(x, y, viewport())),
        ...(canJump(state.setup)
          ? {
              jumpHere: () => {
                const sentence = sentenceToJumpTo(doc, deps.places() as SourcePlaces, state.setup.sentences, lastPageFocus);
                if (sentence !== null) actions.jump(sentence);
              },
            }
          : {}),
      });
      shadow.root.append(reading.bar.element);
    }
    if (canJump(state.setup)) {
      const places = deps.places()!;
      reading.jumpShown = watchParagraphs({
        places: places as SourcePlaces,
        sentences: state.setup.sentences,
        host: shadow.host,
        root: shadow.root,
        onJump: (sentence) => actions.jump(sentence),
        signal: reading.ended.signal,
      }).shown;
    }
    // The sentence moves with the page: the bar gets out of its way again.
    let frame = 0;
    const replace = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => place(reading));
    };
    const listen = { passive: true, signal: reading.ended.signal };
    view.addEventListener('scroll', replace, listen);
    view.addEventListener('resize', replace, listen);
    const browsed = () => (lastBrowsed = Date.now());
    doc.addEventListener('wheel', browsed, { ...listen, capture: true });
    doc.addEventListener('touchmove', browsed, { ...listen, capture: true });
    // Keys pressed in our own controls (Space on a button) are not the page being scrolled.
    doc.addEventListener('keydown', (event) => SCROLL_KEYS.has(event.key) && event.target !== shadow.host && browsed(), { ...listen, capture: true });
    reading.ended.signal.addEventListener('abort', () => cancelAnimationFrame(frame));
  };

  return {
    update(state) {
      if (FINISHED.has(state.status)) {
        if (live?.sessionId === state.sessionId) close();
        return true;
      }
      if (state.setup) open({ ...state, setup: state.setup });
      if (!live || live.sessionId !== state.sessionId) return false;
      live.timeLeft.note({ sentence: state.sentence, elapsedSec: state.elapsedSec, speed: state.speed }, state.status === 'playing');
      live.state = state;
      render(live);
      return true;
    },
    browsing: () => live !== null && (live.jumpShown() || Date.now() - lastBrowsed < BROWSING_MS),
    close,
  };
}
