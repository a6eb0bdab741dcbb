import { CLICKED_VIDEO_KEY, type ClickedVideo } from '../captions/clicked';

/*
 * Finding the right-clicked video in the frame the captions script was injected into.
 */

const CLICKED_VIDEO = Symbol.for(CLICKED_VIDEO_KEY);

/** The description the worker left for this injection (taken: a later injection gets its own). */
export function takeClickedVideo(): ClickedVideo {
  const scope = globalThis as { [CLICKED_VIDEO]?: ClickedVideo };
  const clicked = scope[CLICKED_VIDEO] ?? {};
  delete scope[CLICKED_VIDEO];
  return clicked;
}

const area = (video: HTMLVideoElement) => {
  const box = video.getBoundingClientRect();
  return box.width * box.height;
};

const largest = (videos: HTMLVideoElement[]) => videos.sort((a, b) => area(b) - area(a))[0] ?? null;

type TargetElementOf = (id: number) => Element | null | undefined;

/** Firefox's menus.getTargetElement, where there is one. */
function firefoxTargetElement(): TargetElementOf | null {
  const menus = (globalThis as { browser?: { menus?: { getTargetElement?: TargetElementOf } } }).browser?.menus;
  return typeof menus?.getTargetElement === 'function' ? (id) => menus.getTargetElement!(id) : null;
}

/**
 * The video the user right-clicked: the element itself where the browser says it, else the video
 * playing the clicked address (the largest, if several play it); with neither, the largest with
 * captions, else the largest of all.
 */
export function findClickedVideo(doc: Document, clicked: ClickedVideo, targetElementOf: TargetElementOf | null = firefoxTargetElement()): HTMLVideoElement | null {
  const view = doc.defaultView;
  const isVideo = (el: unknown): el is HTMLVideoElement => !!view && el instanceof view.HTMLVideoElement;
  if (clicked.targetElementId !== undefined && targetElementOf) {
    try {
      const element = targetElementOf(clicked.targetElementId);
      const video = isVideo(element) ? element : element?.closest('video');
      if (video) return video;
    } catch {
      // The element is gone (the page replaced it): the address is asked next.
    }
  }
  const videos = [...doc.querySelectorAll('video')];
  if (clicked.srcUrl) {
    const playing = videos.filter((video) => video.currentSrc === clicked.srcUrl || video.src === clicked.srcUrl);
    if (playing.length) return largest(playing);
  }
  return largest(videos.filter((video) => video.textTracks.length > 0)) ?? largest(videos);
}
