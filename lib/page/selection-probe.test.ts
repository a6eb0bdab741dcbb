import { afterEach, describe, expect, it } from 'vitest';
import { probeSelection, takeProbedSelection } from './selection-probe';
import { checkedSelectionText } from './selection';

// @vitest-environment happy-dom

function selectContents(element: Element): void {
  const range = document.createRange();
  range.selectNodeContents(element);
  window.getSelection()!.removeAllRanges();
  window.getSelection()!.addRange(range);
}

afterEach(() => {
  takeProbedSelection(window);
  window.getSelection()?.removeAllRanges();
  document.body.innerHTML = '';
});

describe('probeSelection', () => {
  it('answers with the selection as the page agent reads it, hidden text left out', () => {
    document.body.innerHTML = '<p id="p">Seen words<span style="display:none"> unseen</span> here.</p>';
    selectContents(document.getElementById('p')!);
    const probe = probeSelection(window);
    expect(probe.read).toMatchObject({ kind: 'selection', text: 'Seen words here.' });
    expect(probe.sensitiveFocused).toBe(false);
    // Checked against what the browser reported (which holds the hidden word), it is the text read.
    expect(checkedSelectionText(probe.read, 'Seen words unseen here.', probe.sensitiveFocused)).toEqual({ text: 'Seen words here.', reported: false });
    // A page that swapped the selection: the report is read instead.
    expect(checkedSelectionText(probe.read, 'Something else entirely.', false)).toEqual({ text: 'Something else entirely.', reported: true });
  });

  it('hands its reading to the page agent once, while the selection is the same', () => {
    document.body.innerHTML = '<p id="a">First part.</p><p id="b">Second part.</p>';
    selectContents(document.getElementById('a')!);
    const { read } = probeSelection(window);
    const taken = takeProbedSelection(window);
    expect(taken?.text).toBe(read?.text);
    expect(takeProbedSelection(window)).toBeNull();

    probeSelection(window);
    selectContents(document.getElementById('b')!);
    expect(takeProbedSelection(window)).toBeNull();
  });

  it('answers nothing read when nothing is selected', () => {
    expect(probeSelection(window).read).toBeNull();
    expect(takeProbedSelection(window)).toBeNull();
  });
});
