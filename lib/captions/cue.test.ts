import { describe, expect, it } from 'vitest';
import { cleanCueText, decodeEntities, joinLines, sortCues } from './cue';

describe('cleanCueText', () => {
  it('removes WebVTT markup and keeps what is said', () => {
    expect(cleanCueText('<v Anna>Hello <c.loud>there</c></v>')).toBe('Hello there');
    expect(cleanCueText('<v.first.loud Esme>It’s a <i>blue</i> apple tree!')).toBe('It’s a blue apple tree!');
    expect(cleanCueText('<ruby>漢<rt>かん</rt>字<rt.x>じ</rt></ruby>です')).toBe('漢字です');
    expect(cleanCueText('<lang en-GB>Colour</lang>')).toBe('Colour');
  });

  it('removes the timestamps of karaoke-style cues', () => {
    expect(cleanCueText('Never <00:00:01.000>drink <00:00:01.500>liquid nitrogen.')).toBe('Never drink liquid nitrogen.');
    expect(cleanCueText('one <01:02.300>two')).toBe('one two');
  });

  it('removes what SRT files carry: font tags and SSA overrides', () => {
    expect(cleanCueText('<font color="#ffff00">Yellow</font> <b>bold</b> <u>u</u>')).toBe('Yellow bold u');
    expect(cleanCueText('{\\an8}Top of the screen')).toBe('Top of the screen');
    expect(cleanCueText('First\\NSecond')).toBe('First\nSecond');
  });

  it('decodes entities after removing tags, so an escaped tag is text', () => {
    expect(cleanCueText('Tom &amp; Jerry &lt;3')).toBe('Tom & Jerry <3');
    expect(cleanCueText('&lt;i&gt;not italic&lt;/i&gt;')).toBe('<i>not italic</i>');
    expect(cleanCueText('a&nbsp;&nbsp;b')).toBe('a b');
  });

  it('keeps a lone "<" that starts no tag', () => {
    expect(cleanCueText('x < y and y > z')).toBe('x < y and y > z');
    expect(cleanCueText('I <3 you')).toBe('I <3 you');
  });

  it('collapses spaces per line and drops empty lines', () => {
    expect(cleanCueText('  Hello   world \r\n\r\n  <i></i>\n- Second  line ')).toBe('Hello world\n- Second line');
    expect(cleanCueText('<i> </i>')).toBe('');
    expect(cleanCueText('&lrm;')).toBe('');
  });
});

describe('decodeEntities', () => {
  it('decodes named, decimal and hex references', () => {
    expect(decodeEntities('&quot;hi&quot; &apos;x&#39; &#x2014; &#8230; &#x1F600;')).toBe('"hi" \'x\' — … 😀');
  });

  it('leaves unknown or impossible references as written', () => {
    expect(decodeEntities('&bogus; &#xD800; &#0; &#99999999;')).toBe('&bogus; &#xD800; &#0; &#99999999;');
    expect(decodeEntities('fish & chips')).toBe('fish & chips');
  });
});

describe('joinLines', () => {
  it('joins a caption wrapped on two lines into one', () => {
    expect(joinLines('I never thought\nI would see you here')).toBe('I never thought I would see you here');
    expect(joinLines('one')).toBe('one');
    expect(joinLines('')).toBe('');
  });

  it('joins Chinese and Japanese lines with nothing between them', () => {
    expect(joinLines('今日は\nいい天気です')).toBe('今日はいい天気です');
    expect(joinLines('我们走吧。\n好的')).toBe('我们走吧。好的');
    // Korean is written with spaces.
    expect(joinLines('안녕하세요\n반갑습니다')).toBe('안녕하세요 반갑습니다');
    expect(joinLines('東京\nTokyo')).toBe('東京 Tokyo');
  });
});

describe('sortCues', () => {
  it('orders by start then end, and keeps cues starting together in their order', () => {
    const cues = [
      { id: 'c', start: 5, end: 6, text: 'c' },
      { id: 'a', start: 1, end: 4, text: 'a' },
      { id: 'b2', start: 1, end: 3, text: 'b2' },
      { id: 'b1', start: 1, end: 3, text: 'b1' },
    ];
    expect(sortCues(cues).map((c) => c.id)).toEqual(['b2', 'b1', 'a', 'c']);
    expect(cues[0]!.id).toBe('c');
  });
});
