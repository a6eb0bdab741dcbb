/**
 * Resolves once the browser has painted the next frame (after the frame's rendering, in the task
 * that follows); at once in a page that is not shown, which paints nothing. A frame that does not
 * come (an occluded window) holds nothing up for more than a moment.
 */
export function afterNextPaint(doc: Document = document): Promise<void> {
  return new Promise((resolve) => {
    if (doc.visibilityState !== 'visible') return resolve();
    const view = doc.defaultView!;
    view.requestAnimationFrame(() => view.setTimeout(resolve, 0));
    view.setTimeout(resolve, 500);
  });
}
