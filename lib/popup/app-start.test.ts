// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"disableJavaScriptFileLoading": true, "handleDisabledFileLoadingAsSuccess": true}}
import { beforeEach, describe, expect, it } from 'vitest';
import { APP_LINK_ID, startApp } from './app-start';

const appScripts = () => [...document.querySelectorAll('script[type="module"]')].map((s) => (s as HTMLScriptElement).src);
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

describe('popup app start', () => {
  beforeEach(() => {
    document.head.innerHTML = `<link rel="modulepreload" crossorigin href="/chunks/popup-x.js" id="${APP_LINK_ID}">`;
    document.body.innerHTML = '<div id="root"></div>';
  });

  it('runs the preloaded app at once when no kept screen was painted', () => {
    startApp(document, false);
    expect(appScripts()).toEqual([new URL('/chunks/popup-x.js', location.href).href]);
  });

  it('runs it once the kept screen was painted (a few frames on, where no paint is reported)', async () => {
    expect(document.visibilityState).toBe('visible');
    startApp(document, true);
    expect(appScripts()).toEqual([]);
    for (let i = 0; i < 4; i++) await nextFrame();
    expect(appScripts()).toEqual([new URL('/chunks/popup-x.js', location.href).href]);
  });

  it('runs nothing where the page preloads no app (wxt dev: the page runs its own script)', () => {
    document.head.innerHTML = '';
    startApp(document, false);
    expect(appScripts()).toEqual([]);
  });
});
