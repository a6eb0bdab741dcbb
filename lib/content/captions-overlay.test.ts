// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { overlayOnVideo, removeOverlays } from './captions-overlay.test-helpers';

afterEach(() => {
  vi.restoreAllMocks();
  removeOverlays();
});

function setUp() {
  const { overlay, root, life } = overlayOnVideo();
  const lines = () => [...root.querySelectorAll('.line')].map((line) => line.textContent);
  return { overlay, root, lines, life };
}

describe('the captions overlay', () => {
  it('shows the original at once and keeps it while the translation is missing; page text stays text', () => {
    const { overlay, root, lines } = setUp();
    overlay.show('<img src=x onerror=alert(1)> Hello', null);
    expect(lines()).toEqual(['<img src=x onerror=alert(1)> Hello', '']);
    expect(root.querySelector('img')).toBeNull();
    overlay.show('<img src=x onerror=alert(1)> Hello', '[ES] Hola');
    expect(lines()).toEqual(['<img src=x onerror=alert(1)> Hello', '[ES] Hola']);
    // Between captions: nothing, not a translation left over.
    overlay.show('', '[ES] Hola');
    expect(lines()).toEqual(['', '']);
  });

  it('asks with the figure: Translate answers yes, Cancel no, and the question goes', async () => {
    const { overlay, root } = setUp();
    const asked = overlay.ask('Translate this video’s captions?', 'About 3 credits per minute');
    expect(root.textContent).toContain('About 3 credits per minute');
    const button = (name: string) => [...root.querySelectorAll('button')].find((b) => b.textContent === name)!;
    button('Translate').click();
    expect(await asked).toBe(true);
    expect(root.textContent).not.toContain('About 3 credits per minute');
    const again = overlay.ask('?', 'figure');
    button('Cancel').click();
    expect(await again).toBe(false);
  });

  it('Load captions…: its button opens our own file input; the file chosen comes back, Cancel gives none', async () => {
    const { overlay, root } = setUp();
    const asked = overlay.chooseFile('This video has no captions.');
    expect(root.textContent).toContain('This video has no captions.');
    const input = root.querySelector<HTMLInputElement>('input[type="file"]')!;
    const opened = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    [...root.querySelectorAll('button')].find((b) => b.textContent === 'Load captions…')!.click();
    expect(opened).toHaveBeenCalled();
    const file = new File(['WEBVTT'], 'talk.vtt');
    Object.defineProperty(input, 'files', { value: [file] });
    input.dispatchEvent(new Event('change'));
    expect(await asked).toBe(file);
    const again = overlay.chooseFile('?');
    [...root.querySelectorAll('button')].find((b) => b.textContent === 'Cancel')!.click();
    expect(await again).toBeNull();
  });

  it('the question with Load captions… beside it: the file chosen there comes back; the chooser cancelled, the question stays for Translate', async () => {
    const { overlay, root } = setUp();
    const button = (name: string) => [...root.querySelectorAll('button')].find((b) => b.textContent === name)!;
    const asked = overlay.askOrLoad('Translate this video’s captions?', 'About 3 credits per minute');
    const input = root.querySelector<HTMLInputElement>('input[type="file"]')!;
    const opened = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    button('Load captions…').click();
    expect(opened).toHaveBeenCalled();
    // The browser's chooser cancelled (no file): nothing answered, the figure still asked about.
    Object.defineProperty(input, 'files', { value: [], configurable: true });
    input.dispatchEvent(new Event('change'));
    expect(root.textContent).toContain('About 3 credits per minute');
    const file = new File(['1\n00:00:00,000 --> 00:00:01,000\nHi'], 'mine.srt');
    Object.defineProperty(input, 'files', { value: [file] });
    input.dispatchEvent(new Event('change'));
    expect(await asked).toBe(file);
    expect(root.textContent).not.toContain('About 3 credits per minute');
    const again = overlay.askOrLoad('?', 'figure');
    button('Translate').click();
    expect(await again).toBe(true);
  });

  it('says what it is doing, and offers an option unticked whose changes are passed on', () => {
    const { overlay, root } = setUp();
    overlay.status('Preparing the speech…');
    expect(root.querySelector('.status')!.textContent).toBe('Preparing the speech…');
    overlay.status(null);
    expect(root.querySelector<HTMLElement>('.status')!.hidden).toBe(true);
    const changes: boolean[] = [];
    overlay.offerOption('Pause the video when speech runs long', (on) => changes.push(on));
    const box = root.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(box.checked).toBe(false);
    box.click();
    box.click();
    expect(changes).toEqual([true, false]);
  });

  it('offers the spoken track beside SRT and VTT, and says a long task\'s progress with a Cancel that reaches it', () => {
    const { overlay, root } = setUp();
    const chosen: string[] = [];
    overlay.offerDownloads((format) => chosen.push(format));
    [...root.querySelectorAll('button')].find((b) => b.textContent === 'Download spoken track')!.click();
    expect(chosen).toEqual(['track']);
    let cancelled = 0;
    overlay.working('Spoken track: the speech of 1 of 4 captions…', () => cancelled++);
    expect(root.querySelector('.working')!.textContent).toContain('Spoken track: the speech of 1 of 4 captions…');
    root.querySelector<HTMLButtonElement>('.working button')!.click();
    expect(cancelled).toBe(1);
    overlay.working(null);
    expect(root.querySelector<HTMLElement>('.working')!.hidden).toBe(true);
  });

  it('says a note on a line of its own, one per kind, hidden by null or after its time', () => {
    vi.useFakeTimers();
    try {
      const { overlay, root } = setUp();
      const shown = () => [...root.querySelectorAll<HTMLElement>('.note')].filter((line) => !line.hidden).map((line) => line.textContent);
      expect(shown()).toEqual([]);
      overlay.note('listen', '1 caption\'s speech was cut.');
      overlay.note('listen', '2 captions\' speech was cut.');
      overlay.note('track', 'Spoken track saved as River.es.mp3.', 1000);
      expect(shown()).toEqual(['2 captions\' speech was cut.', 'Spoken track saved as River.es.mp3.']);
      expect(root.querySelector('.note')!.getAttribute('role')).toBe('status');
      vi.advanceTimersByTime(1000);
      expect(shown()).toEqual(['2 captions\' speech was cut.']);
      overlay.note('listen', null);
      expect(shown()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes with its signal', () => {
    const { life } = setUp();
    expect(document.querySelector('voxlate-captions')).not.toBeNull();
    life.abort();
    expect(document.querySelector('voxlate-captions')).toBeNull();
  });
});
