import { describe, expect, it } from 'vitest';
import { joinsWithoutSpace } from './lines';
import { readingBlocks } from './reading-order';
import type { TextItem } from './types';

/** The blocks of one page whose items are given as [text, x, y, width] at size 10. */
function read(items: [string, number, number, number][]) {
  const page = { page: 0, width: 400, height: 600, items: items.map(([str, x, y, width], index): TextItem => ({ index, str, x, y, width, size: 10, font: 'f' })) };
  return readingBlocks([page]).map((block) => block.text);
}

describe('joining text across line ends and gaps', () => {
  it('joins two lines of Japanese with nothing between them', () => {
    expect(read([['日本語の文章には単語の間に空白がない。そのため、行の終', 40, 100, 270], ['わりで空白を入れない。', 40, 114, 110]])).toEqual(['日本語の文章には単語の間に空白がない。そのため、行の終わりで空白を入れない。']);
  });

  it('joins Chinese and Japanese with a Latin word at either side of the break with nothing, as they are set', () => {
    expect(read([['この文書はPDF', 40, 100, 300], ['で作られた。', 40, 114, 60]])).toEqual(['この文書はPDFで作られた。']);
    expect(read([['我们用', 40, 100, 300], ['Voxlate读论文。', 40, 114, 120]])).toEqual(['我们用Voxlate读论文。']);
  });

  it('keeps the space of Latin and Korean line ends', () => {
    expect(read([['A line of English that goes on', 40, 100, 300], ['to the next line.', 40, 114, 100]])).toEqual(['A line of English that goes on to the next line.']);
    expect(read([['한국어는 단어 사이에 띄어쓰기를', 40, 100, 300], ['합니다.', 40, 114, 40]])).toEqual(['한국어는 단어 사이에 띄어쓰기를 합니다.']);
  });

  it('joins items of one line across a gap by the same rule', () => {
    expect(read([['縦書きではない', 40, 100, 70], ['横書きの文。', 114, 100, 60]])).toEqual(['縦書きではない横書きの文。']);
    expect(read([['two', 40, 100, 20], ['words.', 64, 100, 30]])).toEqual(['two words.']);
  });

  it('says which joins go without a space', () => {
    expect(joinsWithoutSpace('終', 'わ')).toBe(true);
    expect(joinsWithoutSpace('。', 'Next')).toBe(true);
    expect(joinsWithoutSpace('ｶﾅ', 'ｶﾅ')).toBe(true);
    expect(joinsWithoutSpace('𠮷', 'a')).toBe(true);
    expect(joinsWithoutSpace('word', 'word')).toBe(false);
    expect(joinsWithoutSpace('한', '국')).toBe(false);
  });
});
