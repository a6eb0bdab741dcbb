// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { probeWritten } from './written-probe';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('probeWritten', () => {
  it('reads what was written in the focused box, with its language', () => {
    document.body.innerHTML = '<div lang="es"><textarea id="reply">Hasta mañana</textarea></div>';
    document.querySelector('textarea')!.focus();
    expect(probeWritten(window)).toEqual({ text: 'Hasta mañana', pageLanguage: 'es' });
  });

  it('says the box is in a frame when the focus is in one of the page\'s frames, so the worker asks the frames', () => {
    document.body.innerHTML = '<iframe id="frame" tabindex="0"></iframe>';
    const frame = document.querySelector('iframe')!;
    frame.focus();
    expect(document.activeElement).toBe(frame);
    expect(probeWritten(window)).toEqual({ inFrame: true });
  });

  it('reads nothing from a password field or an empty page', () => {
    expect(probeWritten(window)).toBeNull();
    document.body.innerHTML = '<input type="password" value="hunter2">';
    document.querySelector('input')!.focus();
    expect(probeWritten(window)).toBeNull();
  });
});
