// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { readSelection, selectionTextMap } from './selection';

function selectContents(element: Element): Range {
  const range = document.createRange();
  range.selectNodeContents(element);
  window.getSelection()!.removeAllRanges();
  window.getSelection()!.addRange(range);
  return range;
}

const read = (id: string) => selectionTextMap([selectContents(document.getElementById(id)!)]);

afterEach(() => {
  window.getSelection()?.removeAllRanges();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

describe('visible text: styles', () => {
  it('leaves out transparent text: opacity 0 on the element or an ancestor, or a product below 0.1', () => {
    document.head.innerHTML = '<style>.ghost { opacity: 0 } .faded { opacity: 0.3 }</style>';
    document.body.innerHTML = `<div id="s">
      <p>Seen.</p>
      <div class="ghost"><p><b>Gone one.</b></p></div>
      <div class="faded"><div class="faded"><p>Gone two.</p></div></div>
      <div class="faded"><p>Faint but seen.</p></div>
      <p style="opacity: 0.05">Gone three.</p>
    </div>`;
    expect(read('s').text).toBe('Seen.\n\nFaint but seen.');
  });

  it('reads nothing from a selection that lies inside transparent text', () => {
    document.body.innerHTML = '<div style="opacity: 0"><p id="inside">Hidden words.</p></div>';
    selectContents(document.getElementById('inside')!);
    expect(readSelection(window)).toBeNull();
  });

  it('leaves out text set too small to read, but not bigger text inside it', () => {
    document.body.innerHTML = `<div id="s">
      <p>The dog waits<span style="font-size: 0"> hidden <i>more hidden</i></span> by the gate.</p>
      <p style="font-size: 0">Gone <b style="font-size: 16px">Kept.</b></p>
      <p style="font-size: 1px">Gone too.</p>
    </div>`;
    expect(read('s').text).toBe('The dog waits by the gate.\n\nKept.');
  });

  it('leaves out the content of a closed <details>, not its summary, and reads an open one', () => {
    document.body.innerHTML = `<div id="s">
      <details><summary>Question?</summary>Loose answer. <p>Answer.</p></details>
      <details open><summary>Other?</summary><p>Shown.</p></details>
    </div>`;
    expect(read('s').text).toBe('Question?\n\nOther?\n\nShown.');
  });

  it('leaves out of a selection the text that cannot be selected, unless a child turns it back on', () => {
    document.body.innerHTML = `<div id="s">
      <h2>History<span style="user-select: none"> [edit <b style="user-select: text">source</b>]</span></h2>
      <pre><span style="user-select: none">1 </span>let a = 1;</pre>
    </div>`;
    expect(read('s').text).toBe('History source\n\nlet a = 1;');
  });

  it('notes a gap where hidden text was left out, only inside the selection', () => {
    document.body.innerHTML = '<p id="s">One.<span style="opacity: 0">x</span> Two.<span hidden>y</span> Three.</p><p style="opacity: 0">outside</p>';
    const map = read('s');
    expect(map.text).toBe('One. Two. Three.');
    expect(map.gaps).toEqual([4, 9]);
    // Selecting only the first half: the hidden text after it is outside the selection.
    const first = document.getElementById('s')!.firstChild!;
    const range = document.createRange();
    range.setStart(first, 0);
    range.setEnd(first, 4);
    expect(selectionTextMap([range])).toMatchObject({ text: 'One.', gaps: [] });
  });

  it('passes the selection text and its gaps to the page source', () => {
    document.body.innerHTML = '<p id="s">Seen.<span style="opacity: 0"> hidden</span></p>';
    selectContents(document.getElementById('s')!);
    expect(readSelection(window)).toMatchObject({ text: 'Seen.', gaps: [5] });
  });
});

/** Gives happy-dom (which lays nothing out) the measures a browser would, for the elements given. */
function layOut(boxes: Record<string, { left: number; top: number; width: number; height: number; client?: [number, number] }>) {
  const root = document.documentElement;
  for (const [name, value] of Object.entries({ clientWidth: 1000, clientHeight: 800, scrollWidth: 1000, scrollHeight: 3000 })) {
    Object.defineProperty(root, name, { value, configurable: true });
  }
  for (const [id, box] of Object.entries(boxes)) {
    const element = document.getElementById(id)!;
    const rect = new DOMRect(box.left, box.top, box.width, box.height);
    Object.defineProperty(element, 'getBoundingClientRect', { value: () => rect, configurable: true });
    const [clientWidth, clientHeight] = box.client ?? [box.width, box.height];
    for (const [name, value] of Object.entries({ clientWidth, clientHeight, scrollWidth: clientWidth, scrollHeight: clientHeight, clientLeft: 0, clientTop: 0 })) {
      Object.defineProperty(element, name, { value, configurable: true });
    }
  }
}

describe('visible text: layout', () => {
  afterEach(() => {
    for (const name of ['clientWidth', 'clientHeight', 'scrollWidth', 'scrollHeight']) delete (document.documentElement as unknown as Record<string, unknown>)[name];
  });

  it('leaves out text moved off the page to the left or above, not text merely below the viewport', () => {
    document.body.innerHTML = `<div id="s"><p>Seen.</p>
      <div id="left" style="position: absolute; left: -9999px">Gone left.</div>
      <div id="up" style="position: relative; top: -5000px">Gone up.</div>
      <div id="below" style="position: absolute; top: 2500px">Below the fold.</div>
    </div>`;
    layOut({
      left: { left: -9999, top: 0, width: 300, height: 20 },
      up: { left: 0, top: -4900, width: 300, height: 20 },
      below: { left: 0, top: 2500, width: 300, height: 20 },
    });
    expect(read('s').text).toBe('Seen.\n\nBelow the fold.');
  });

  it('leaves out what a clip shape or the "visually hidden" pattern hides', () => {
    document.body.innerHTML = `<div id="s"><p>Seen.</p>
      <div id="inset" style="clip-path: inset(50%)">Gone inset.</div>
      <div id="round" style="clip-path: inset(0px round 8px)">Rounded, seen.</div>
      <span id="sr" style="position: absolute; clip: rect(0px, 0px, 0px, 0px)">Screen readers only.</span>
    </div>`;
    layOut({
      inset: { left: 0, top: 100, width: 400, height: 100 },
      round: { left: 0, top: 200, width: 400, height: 100 },
      sr: { left: 0, top: 300, width: 1, height: 1 },
    });
    expect(read('s').text).toBe('Seen.\n\nRounded, seen.');
  });

  it('leaves out what a clipping box too small to show anything holds', () => {
    document.body.innerHTML = `<div id="s"><p>Seen.</p>
      <div id="flat" style="overflow-x: hidden; overflow-y: hidden; height: 0px; display: block">Gone.</div>
      <div id="scroller" style="overflow-x: auto; overflow-y: auto; height: 40px; display: block">Scroll to me.</div>
    </div>`;
    layOut({ flat: { left: 0, top: 100, width: 400, height: 0 }, scroller: { left: 0, top: 200, width: 400, height: 40 } });
    expect(read('s').text).toBe('Seen.\n\nScroll to me.');
  });
});
