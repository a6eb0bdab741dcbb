// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findClickedVideo } from './captions-video';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

/** A video of this size playing `src`, with a text track or not. */
function video(id: string, size: number, src: string, tracks = 1): HTMLVideoElement {
  const el = document.createElement('video');
  el.id = id;
  el.src = src;
  vi.spyOn(el, 'getBoundingClientRect').mockReturnValue({ width: size, height: size } as DOMRect);
  Object.defineProperty(el, 'textTracks', { value: { length: tracks } });
  document.body.append(el);
  return el;
}

describe('the right-clicked video', () => {
  it('is the element the browser names (Firefox), whatever its size', () => {
    const small = video('small', 100, 'https://example.org/a.webm');
    video('large', 400, 'https://example.org/b.webm');
    expect(findClickedVideo(document, { targetElementId: 7, srcUrl: 'https://example.org/b.webm' }, (id) => (id === 7 ? small : null))).toBe(small);
  });

  it('else the one playing the clicked address, not the largest', () => {
    const small = video('small', 100, 'https://example.org/a.webm');
    video('large', 400, 'https://example.org/b.webm');
    expect(findClickedVideo(document, { srcUrl: 'https://example.org/a.webm' }, null)).toBe(small);
  });

  it('with nothing said (or an address none plays): the largest with captions, else the largest', () => {
    video('small', 100, 'https://example.org/a.webm');
    const large = video('large', 400, 'https://example.org/b.webm', 0);
    const captioned = video('mid', 200, 'https://example.org/c.webm');
    expect(findClickedVideo(document, {}, null)).toBe(captioned);
    expect(findClickedVideo(document, { srcUrl: 'https://example.org/gone.webm' }, null)).toBe(captioned);
    captioned.remove();
    document.querySelector('#small')!.remove();
    expect(findClickedVideo(document, {}, null)).toBe(large);
  });
});
