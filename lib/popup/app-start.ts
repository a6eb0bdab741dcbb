/**
 * How popup.html starts its app. The build (wxt.config.ts) turns the app's module script into a
 * module preload with this id: the browser fetches and compiles the app (and, by the preloads
 * beside it, everything it imports) while the page is parsed, but runs nothing yet. popup-paint.js
 * then runs it: at once when it painted no kept first screen; otherwise once the browser has painted
 * that screen (its first contentful paint), so that running the app (React and its render, tens of
 * ms) never holds that paint up. No timer: a page that is not shown (or stops being shown) paints
 * nothing and starts at once, and a browser that reports no paint starts it a few frames later.
 */
export const APP_LINK_ID = 'voxlate-app';

/**
 * Frames after which the app starts even when no contentful paint was reported: a few where the
 * browser cannot report paints; where it can, only a safety net (a kept screen with nothing
 * contentful in it), late enough that a busy machine's slow report of the paint still comes first
 * (rAF runs before the frame is presented, and under load the paint's report lags frames behind).
 */
const FRAMES = 3;
const FRAMES_WHEN_OBSERVED = 60;

/** Runs the app preloaded by popup.html (nothing where the page has no such preload, as in `wxt dev`). */
export function startApp(doc: Document, afterPaint: boolean): void {
  const view = doc.defaultView!;
  let started = false;
  let observer: PerformanceObserver | undefined;
  const run = () => {
    if (started) return;
    // The preloads come after popup-paint.js in the page: found once it is parsed.
    if (doc.readyState === 'loading') return doc.addEventListener('DOMContentLoaded', run, { once: true });
    started = true;
    observer?.disconnect();
    doc.removeEventListener('visibilitychange', run);
    const link = doc.getElementById(APP_LINK_ID);
    if (!(link instanceof view.HTMLLinkElement)) return;
    const script = doc.createElement('script');
    script.type = 'module';
    script.src = link.href;
    doc.head.appendChild(script);
  };
  if (!afterPaint || doc.visibilityState !== 'visible') return run();
  doc.addEventListener('visibilitychange', run);
  const observed = view.PerformanceObserver?.supportedEntryTypes?.includes('paint') === true;
  if (observed) {
    observer = new view.PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) run();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  let frames = 0;
  const frame = () => {
    if (started) return;
    if (++frames < (observed ? FRAMES_WHEN_OBSERVED : FRAMES)) view.requestAnimationFrame(frame);
    else view.setTimeout(run, 0);
  };
  view.requestAnimationFrame(frame);
}
