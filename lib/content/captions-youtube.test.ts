// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentVideoId, youtubeCaptions } from './captions-youtube';

const json3 = { events: [{ tStartMs: 0, dDurationMs: 9000, id: 1 }, { tStartMs: 200, dDurationMs: 1600, segs: [{ utf8: 'Kites climb' }, { utf8: ' over the dunes.' }] }] };
const requested = (v: string) => `https://www.youtube.com/api/timedtext?v=${v}&lang=en&fmt=json3&c=WEB&pot=PoT-${v}&tlang=de`;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.replaceChildren();
  history.replaceState(null, '', '/');
});

/** YouTube's player around a video, its captions on or off. */
function player(cc: 'true' | 'false' | null): { video: HTMLVideoElement; container: HTMLElement; button: HTMLButtonElement } {
  const root = document.createElement('div');
  root.id = 'movie_player';
  root.className = 'html5-video-player';
  const video = document.createElement('video');
  video.className = 'html5-main-video';
  const container = document.createElement('div');
  container.className = 'ytp-caption-window-container';
  const button = document.createElement('button');
  button.className = 'ytp-subtitles-button';
  if (cc) button.setAttribute('aria-pressed', cc);
  root.append(video, container, button);
  document.body.append(root);
  return { video, container, button };
}

const served = (body: string) => vi.fn(async () => new Response(body, { status: 200 }));

describe('YouTube’s captions', () => {
  it('knows the video shown from the address (watch, shorts, embed) or the watch page', () => {
    history.replaceState(null, '', '/watch?v=abc123&t=4');
    expect(currentVideoId(document)).toBe('abc123');
    history.replaceState(null, '', '/shorts/Sh0rt_1');
    expect(currentVideoId(document)).toBe('Sh0rt_1');
    history.replaceState(null, '', '/');
    expect(currentVideoId(document)).toBeNull();
  });

  it('is nothing to a video outside a YouTube player', async () => {
    const video = document.createElement('video');
    document.body.append(video);
    expect(await youtubeCaptions(video, new AbortController().signal)).toBeNull();
  });

  it('reads the track the user has on at the address its player asked for (token kept, original language, json3); hides YouTube’s captions until the end', async () => {
    history.replaceState(null, '', '/watch?v=abc123');
    const { video, container } = player('true');
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([requested('other'), requested('abc123'), 'https://www.youtube.com/s/player.js'].map((name) => ({ name })) as never);
    const fetched = vi.fn(async (_url: string) => new Response(JSON.stringify(json3), { status: 200 }));
    vi.stubGlobal('fetch', fetched);
    const life = new AbortController();
    expect(await youtubeCaptions(video, life.signal)).toEqual({ ok: true, cues: [{ id: '0', start: 0.2, end: 1.8, text: 'Kites climb over the dunes.' }] });
    const url = new URL(String(fetched.mock.calls[0]![0]));
    expect([url.searchParams.get('v'), url.searchParams.get('pot'), url.searchParams.get('tlang'), url.searchParams.get('fmt')]).toEqual(['abc123', 'PoT-abc123', null, 'json3']);
    expect(container.style.display).toBe('none');
    life.abort();
    expect(container.style.display).toBe('');
  });

  it('with YouTube’s captions off, turns them on for its player to ask, and off again at the end', async () => {
    history.replaceState(null, '', '/watch?v=abc123');
    const { video, container, button } = player('false');
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([]);
    let heard: ((list: { getEntries: () => { name: string }[] }) => void) | null = null;
    vi.stubGlobal('PerformanceObserver', class {
      constructor(callback: typeof heard) {
        heard = callback;
      }
      observe() {}
      disconnect() {}
    });
    // The player: its captions asked for when its button turns them on.
    button.addEventListener('click', () => {
      const on = button.getAttribute('aria-pressed') !== 'true';
      button.setAttribute('aria-pressed', String(on));
      if (on) heard!({ getEntries: () => [{ name: requested('abc123') }] });
    });
    vi.stubGlobal('fetch', served(JSON.stringify(json3)));
    const life = new AbortController();
    const result = await youtubeCaptions(video, life.signal);
    expect(result?.ok).toBe(true);
    expect([button.getAttribute('aria-pressed'), container.style.display]).toEqual(['true', 'none']);
    life.abort();
    expect([button.getAttribute('aria-pressed'), container.style.display]).toEqual(['false', '']);
  });

  it('says when YouTube answers empty (a request it refused), and leaves its captions as they were; a video without captions is none', async () => {
    history.replaceState(null, '', '/watch?v=abc123');
    const { video, container } = player('true');
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ name: requested('abc123') }] as never);
    vi.stubGlobal('fetch', served(''));
    expect(await youtubeCaptions(video, new AbortController().signal)).toEqual({ ok: false, problem: 'notGiven' });
    expect(container.style.display).toBe('');
    document.body.replaceChildren();
    const bare = player(null);
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([]);
    expect(await youtubeCaptions(bare.video, new AbortController().signal)).toEqual({ ok: false, problem: 'none' });
  });
});
