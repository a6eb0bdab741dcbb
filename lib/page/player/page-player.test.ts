// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import en from '../../../public/_locales/en/messages.json';
import { createPagePlayer } from './page-player';
import type { PagePlayerActions, PagePlayerState } from './types';
import { captureShadowRoots } from '../shadow-host.test-helpers';

const hosts = () => document.documentElement.querySelectorAll(':scope > voxlate-player');
const setup = { lengths: [30, 40, 50], sentences: [] as [number, number][], show: true, corner: 'bottom-right' as const };
const state = (patch: Partial<PagePlayerState> = {}): PagePlayerState => ({ sessionId: 's1', status: 'playing', sentence: 0, elapsedSec: 0, speed: 1, ...patch });

function start() {
  const actions: PagePlayerActions = { control: vi.fn(), setSpeed: vi.fn(), setListenMode: vi.fn(), jump: vi.fn(), saveCorner: vi.fn() };
  const ended = new AbortController();
  const player = createPagePlayer({ doc: document, places: () => null, actions, signal: ended.signal });
  return { player, actions, ended };
}

/** The browser's i18n in English (the shared helper reads the files by URL, which happy-dom's module URLs break). */
function useEnglish(): void {
  const messages = en as Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;
  vi.spyOn(fakeBrowser.i18n, 'getUILanguage').mockReturnValue('en-US');
  vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation((key: string, subs?: string | (string | number)[]) => {
    const values = ([] as (string | number)[]).concat(subs ?? []).map(String);
    const entry = messages[key];
    const fill = (text: string) => text.replace(/\$(\d)/g, (_, n: string) => values[Number(n) - 1] ?? '');
    return entry ? entry.message.replace(/\$([A-Z0-9_]+)\$/g, (_, name: string) => fill(entry.placeholders?.[name.toLowerCase()]?.content ?? '')) : '';
  });
}

beforeEach(() => {
  fakeBrowser.reset();
  useEnglish();
});

afterEach(() => {
  vi.restoreAllMocks();
  hosts().forEach((host) => host.remove());
});

describe('the in-page player', () => {
  it('asks for the setup of a reading it does not know, then shows a named toolbar in a closed shadow root', () => {
    const roots = captureShadowRoots();
    const { player } = start();
    expect(player.update(state())).toBe(false);
    expect(hosts()).toHaveLength(0);
    expect(player.update(state({ setup }))).toBe(true);
    expect(hosts()).toHaveLength(1);
    expect(hosts()[0]!.shadowRoot).toBeNull();
    const bar = roots[0]!.querySelector('[role="toolbar"]')!;
    expect(bar.getAttribute('aria-label')).toBe('Voxlate player');
    const names = [...bar.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Previous sentence', 'Pause', 'Next sentence', 'Stop', 'Move player to another corner', 'Hide player']);
    expect(roots[0]!.querySelector('label')!.textContent).toBe('Speed');
    expect(roots[0]!.querySelector('.progress')!.textContent).toMatch(/^Sentence 1 of 3 · about \d+ s left$/);
  });

  it('sends what its buttons and speed control ask for; the toggle is named after the state', () => {
    const roots = captureShadowRoots();
    const { player, actions } = start();
    player.update(state({ setup }));
    const button = (name: string) => roots[0]!.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
    button('Pause').click();
    expect(actions.control).toHaveBeenCalledWith('toggle');
    player.update(state({ status: 'paused', sentence: 1 }));
    expect(button('Pause')).toBeNull();
    button('Resume').click();
    button('Next sentence').click();
    button('Previous sentence').click();
    button('Stop').click();
    expect(vi.mocked(actions.control).mock.calls.map((c) => c[0])).toEqual(['toggle', 'toggle', 'next', 'previous', 'stop']);
    expect(roots[0]!.querySelector('.progress')!.textContent).toMatch(/^Sentence 2 of 3/);
    const speed = roots[0]!.querySelector('select')!;
    expect(speed.value).toBe('1');
    speed.value = '1.5';
    speed.dispatchEvent(new Event('change'));
    expect(actions.setSpeed).toHaveBeenCalledWith(1.5);
  });

  it('a reading heard in another language offers the ways to hear it, the current one chosen; an ordinary reading does not', () => {
    const roots = captureShadowRoots();
    const { player, actions } = start();
    player.update(state({ setup }));
    expect(roots[0]!.querySelector('#listen-mode')).toBeNull();
    player.update(state({ sessionId: 's2', setup: { ...setup, listenMode: 'translation' } }));
    const hear = roots.at(-1)!.querySelector<HTMLSelectElement>('#listen-mode')!;
    expect(roots.at(-1)!.querySelector('label[for="listen-mode"]')!.textContent).toBe('Hear');
    expect([...hear.options].map((o) => o.textContent)).toEqual(['Translation', 'Original, then translation', 'Translation, then original', 'Learning: pause and repeat']);
    expect(hear.value).toBe('translation');
    hear.value = 'learner';
    hear.dispatchEvent(new Event('change'));
    expect(actions.setListenMode).toHaveBeenCalledWith('learner');
  });

  it('moves to the next corner and remembers it; Escape hides it until the next reading', () => {
    const roots = captureShadowRoots();
    const { player, actions } = start();
    player.update(state({ setup }));
    roots[0]!.querySelector<HTMLButtonElement>('button[aria-label="Move player to another corner"]')!.click();
    expect(actions.saveCorner).toHaveBeenCalledWith('bottom-left');
    const bar = roots[0]!.querySelector('[role="toolbar"]')!;
    bar.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(roots[0]!.querySelector('[role="toolbar"]')).toBeNull();
    expect(player.update(state({ sentence: 2 }))).toBe(true);
    expect(roots[0]!.querySelector('[role="toolbar"]')).toBeNull();
  });

  it('tells when the user scrolls the page, so that the reading does not scroll it back meanwhile', () => {
    const { player } = start();
    expect(player.browsing()).toBe(false);
    player.update(state({ setup }));
    expect(player.browsing()).toBe(false);
    document.dispatchEvent(new WheelEvent('wheel', { deltaY: 100 }));
    expect(player.browsing()).toBe(true);
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 60_000);
    expect(player.browsing()).toBe(false);
  });

  it('shows no toolbar when the user turned it off', () => {
    const roots = captureShadowRoots();
    const { player } = start();
    expect(player.update(state({ setup: { ...setup, show: false } }))).toBe(true);
    expect(roots[0]!.querySelector('[role="toolbar"]')).toBeNull();
  });

  it('goes when the reading ends or stops, and when the page script ends', () => {
    const { player, ended } = start();
    player.update(state({ setup }));
    // Another reading's end leaves it.
    player.update(state({ sessionId: 'other', status: 'stopped' }));
    expect(hosts()).toHaveLength(1);
    player.update(state({ status: 'ended' }));
    expect(hosts()).toHaveLength(0);
    player.update(state({ sessionId: 's2', setup }));
    expect(hosts()).toHaveLength(1);
    ended.abort();
    expect(hosts()).toHaveLength(0);
  });
});
