import { describe, expect, it } from 'vitest';
import { matchesReportedText, REPORTED_TEXT_CAP, tidyReportedText } from './selection';

const HIDDEN = ' Hidden words a page slipped in. '.repeat(20);

describe('matchesReportedText', () => {
  it('accepts the same text, whatever the whitespace and case', () => {
    expect(matchesReportedText({ text: 'Le titre\n\nPremière phrase.' }, 'Le titre\nPremière  phrase.\n')).toBe(true);
    expect(matchesReportedText({ text: 'Read more' }, 'READ MORE')).toBe(true);
    expect(matchesReportedText({ text: 'co\u00adoperate' }, 'cooperate')).toBe(true);
  });

  it('accepts our text as the report less what was hidden where we noted a gap', () => {
    // "The dog waits[hidden] by the gate." and "Visible.[hidden]" and "[hidden]Visible."
    expect(matchesReportedText({ text: 'The dog waits by the gate.', gaps: [13] }, `The dog waits${HIDDEN}by the gate.`)).toBe(true);
    expect(matchesReportedText({ text: 'Visible sentence.', gaps: [17] }, `Visible sentence.\n\n${HIDDEN}`)).toBe(true);
    expect(matchesReportedText({ text: 'Visible sentence.', gaps: [0] }, `${HIDDEN}\nVisible sentence.`)).toBe(true);
    expect(matchesReportedText({ text: 'One. Two. Three.', gaps: [4, 9] }, `One.${HIDDEN}Two.${HIDDEN}Three.`)).toBe(true);
    // Hidden words in the middle of a word (no space around them) too.
    expect(matchesReportedText({ text: 'HelloWorld', gaps: [5] }, 'HelloXXXWorld')).toBe(true);
  });

  it('refuses text the page swapped in, or extra text where nothing was hidden', () => {
    expect(matchesReportedText({ text: 'Another, much longer text the user never chose.' }, 'The cat sleeps.')).toBe(false);
    expect(matchesReportedText({ text: 'The cat sleeps. And much more.' }, 'The cat sleeps.')).toBe(false);
    expect(matchesReportedText({ text: 'Before. The cat sleeps.' }, 'The cat sleeps.')).toBe(false);
    // A gap allows the report more text there, never our text more.
    expect(matchesReportedText({ text: 'The cat sleeps. Extra.', gaps: [15] }, 'The cat sleeps.')).toBe(false);
    expect(matchesReportedText({ text: 'Words out of order.', gaps: [6] }, 'out of order. Words')).toBe(false);
    // Text without a gap must be whole in the report: "HelloWorld" is not "Hello World!" less a gap.
    expect(matchesReportedText({ text: 'HelloWorld' }, 'HelloXXXWorld')).toBe(false);
    expect(matchesReportedText({ text: '' }, 'anything')).toBe(false);
  });

  it('compares a report cut at the browser\'s limit only as far as it goes', () => {
    const long = 'A sentence of the article. '.repeat(1000);
    const cut = long.slice(0, REPORTED_TEXT_CAP);
    expect(matchesReportedText({ text: long.trim() }, cut)).toBe(true);
    expect(matchesReportedText({ text: 'A swapped text. ' + long.trim() }, cut)).toBe(false);
    // Hidden text may run past the cut: what follows a gap is beyond what was reported.
    expect(matchesReportedText({ text: 'Visible. More visible.', gaps: [8] }, `Visible.${'x'.repeat(REPORTED_TEXT_CAP - 8)}`)).toBe(true);
    // A report just under the limit is whole.
    expect(matchesReportedText({ text: long.trim() }, cut.slice(0, -1))).toBe(false);
  });
});

describe('tidyReportedText', () => {
  it('collapses spaces, keeps line breaks (at most a blank line) and trims', () => {
    expect(tidyReportedText('  The  cat\t sleeps. \r\n\r\n\r\n\nThe dog\u00a0waits.\n')).toBe('The cat sleeps.\n\nThe dog waits.');
    expect(tidyReportedText(' \n\t ')).toBe('');
  });
});
