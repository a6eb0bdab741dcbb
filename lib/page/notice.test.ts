// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { placeNoticesBelow, showPageNotice } from './notice';
import { captureShadowRoots } from './shadow-host.test-helpers';

const hosts = () => document.documentElement.querySelectorAll(':scope > voxlate-notice');

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  hosts().forEach((host) => host.remove());
});

describe('showPageNotice', () => {
  it('shows the message as text in a closed shadow root with the right role', () => {
    const roots = captureShadowRoots();
    showPageNotice({ message: '<img src=x onerror=alert(1)> Key missing', tone: 'error' });
    expect(hosts()).toHaveLength(1);
    expect(hosts()[0]!.shadowRoot).toBeNull();
    const card = roots[0]!.querySelector('.card')!;
    expect(card.getAttribute('role')).toBe('alert');
    expect(roots[0]!.querySelector('img')).toBeNull();
    expect(roots[0]!.querySelector('.message')!.textContent).toBe('<img src=x onerror=alert(1)> Key missing');
  });

  it('sits below a page’s own top bar when told (the PDF reader’s toolbar), else near the top', () => {
    const roots = captureShadowRoots();
    showPageNotice({ message: 'one' });
    expect((roots[0]!.querySelector('.card') as HTMLElement).style.top).toBe('16px');
    placeNoticesBelow(56);
    showPageNotice({ message: 'two' });
    expect((roots[1]!.querySelector('.card') as HTMLElement).style.top).toBe('56px');
    placeNoticesBelow(16);
  });

  it('uses role status for info, and a new notice replaces the old one', () => {
    const roots = captureShadowRoots();
    showPageNotice({ message: 'one' });
    showPageNotice({ message: 'two' });
    expect(hosts()).toHaveLength(1);
    expect(roots[1]!.querySelector('.card')!.getAttribute('role')).toBe('status');
  });

  it('a question is not pushed away by a passing note: the note shows under it, and an error still replaces it', () => {
    const roots = captureShadowRoots();
    const agreed = vi.fn();
    showPageNotice({ message: 'Costs 300 credits.', actions: [{ label: 'Read aloud (300 credits)', onClick: agreed }] });
    showPageNotice({ message: 'The service is slower than usual; still waiting for its answer.' });
    expect(hosts()).toHaveLength(1);
    expect(roots).toHaveLength(1);
    expect(roots[0]!.querySelector('.message')!.textContent).toBe('Costs 300 credits.');
    expect(roots[0]!.querySelector('.note')!.textContent).toBe('The service is slower than usual; still waiting for its answer.');
    (roots[0]!.querySelector('.actions button') as HTMLButtonElement).click();
    expect(agreed).toHaveBeenCalledOnce();

    showPageNotice({ message: 'Again?', actions: [{ label: 'Yes', onClick: () => undefined }] });
    showPageNotice({ message: 'The key was rejected.', tone: 'error' });
    expect(hosts()).toHaveLength(1);
    expect(roots.at(-1)!.querySelector('.message')!.textContent).toBe('The key was rejected.');
  });

  it('closes with its button, Escape, the timeout, an action and the signal', () => {
    const roots = captureShadowRoots();
    showPageNotice({ message: 'a' });
    (roots[0]!.querySelector('button.close') as HTMLButtonElement).click();
    expect(hosts()).toHaveLength(0);

    showPageNotice({ message: 'b' });
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(hosts()).toHaveLength(0);

    vi.useFakeTimers();
    showPageNotice({ message: 'c', timeoutMs: 1000 });
    vi.advanceTimersByTime(999);
    expect(hosts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(hosts()).toHaveLength(0);
    vi.useRealTimers();

    const onClick = vi.fn();
    showPageNotice({ message: 'd', actions: [{ label: 'Open settings', onClick }] });
    const action = Array.from(roots[3]!.querySelectorAll('button')).find((b) => b.textContent === 'Open settings')!;
    action.click();
    expect(onClick).toHaveBeenCalledOnce();
    expect(hosts()).toHaveLength(0);

    const controller = new AbortController();
    showPageNotice({ message: 'e', signal: controller.signal });
    controller.abort();
    expect(hosts()).toHaveLength(0);
  });

  it('close() is idempotent and does not close a newer notice', () => {
    const first = showPageNotice({ message: 'first' });
    first.close();
    showPageNotice({ message: 'second' });
    first.close();
    expect(hosts()).toHaveLength(1);
  });
});
