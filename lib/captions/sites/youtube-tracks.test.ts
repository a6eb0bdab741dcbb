import { describe, expect, it } from 'vitest';
import { assignedJson, captionListOf, captionsUrl, chooseTrack, isTimedtextRequest, videoOfRequest } from './youtube-tracks';

const base = 'https://www.youtube.com/api/timedtext?v=abc123&ei=E1&caps=asr&opi=1&xoaf=5&hl=en&ip=0.0.0.0&ipbits=0&expire=1&sparams=ip,ipbits,expire,v,ei,caps,opi,xoaf&signature=S1&key=yt8';
const response = {
  videoDetails: { videoId: 'abc123', title: 'Harbour' },
  captions: {
    playerCaptionsTracklistRenderer: {
      captionTracks: [
        { baseUrl: `${base}&kind=asr&lang=en`, name: { simpleText: 'English (auto-generated)' }, vssId: 'a.en', languageCode: 'en', kind: 'asr', isTranslatable: true },
        { baseUrl: `${base}&lang=de`, name: { simpleText: 'German' }, vssId: '.de', languageCode: 'de', isTranslatable: true },
        { baseUrl: `${base}&lang=en-GB&name=UK`, name: { simpleText: 'English (United Kingdom)' }, vssId: '.en-GB', languageCode: 'en-GB', isTranslatable: true },
      ],
      audioTracks: [{ captionTrackIndices: [0, 1, 2], defaultCaptionTrackIndex: 1 }],
    },
  },
};
const page = `(function(){window.ytplayer={};})();var ytInitialPlayerResponse = ${JSON.stringify(response)};var meta = document.createElement('meta');`;

describe('YouTube’s caption tracks', () => {
  it('reads the tracks out of the page script that assigns the player response (braces in strings are text)', () => {
    const list = captionListOf(assignedJson(page, 'ytInitialPlayerResponse'));
    expect(list.videoId).toBe('abc123');
    expect(list.tracks.map((track) => [track.languageCode, track.generated])).toEqual([['en', true], ['de', false], ['en-GB', false]]);
    expect(list.defaultIndex).toBe(1);
    expect(assignedJson('var ytInitialPlayerResponse = {"a":"}{\\"","b":{"c":1}};', 'ytInitialPlayerResponse')).toEqual({ a: '}{"', b: { c: 1 } });
    expect(assignedJson('var other = {};', 'ytInitialPlayerResponse')).toBeNull();
    expect(captionListOf(null)).toEqual({ videoId: null, tracks: [], defaultIndex: null });
  });

  it('prefers a track written by a person in the video’s own language, then the uploader’s default, then the recognised speech', () => {
    const list = captionListOf(response);
    expect(chooseTrack(list)?.languageCode).toBe('en-GB');
    expect(chooseTrack({ ...list, tracks: list.tracks.slice(0, 2) })?.languageCode).toBe('de');
    expect(chooseTrack({ ...list, tracks: list.tracks.slice(0, 2), defaultIndex: null })?.languageCode).toBe('en');
    expect(chooseTrack({ videoId: null, tracks: [], defaultIndex: null })).toBeNull();
  });

  it('builds the address from the player’s own request: its token and client kept, json3, the original language (no machine translation)', () => {
    const requested = `${base}&kind=asr&lang=en&fmt=json3&xorb=2&xobt=3&xovt=3&cbrand=apple&c=WEB&cver=2.2025&potc=1&pot=TOKEN-1&tlang=ja`;
    const own = new URL(captionsUrl(requested));
    expect(own.searchParams.get('pot')).toBe('TOKEN-1');
    expect(own.searchParams.get('lang')).toBe('en');
    expect(own.searchParams.get('fmt')).toBe('json3');
    expect(own.searchParams.has('tlang')).toBe(false);
    const chosen = new URL(captionsUrl(requested, captionListOf(response).tracks[2]!));
    expect([chosen.searchParams.get('lang'), chosen.searchParams.get('name'), chosen.searchParams.get('kind')]).toEqual(['en-GB', 'UK', null]);
    expect([chosen.searchParams.get('pot'), chosen.searchParams.get('c'), chosen.searchParams.get('signature'), chosen.searchParams.get('fmt')]).toEqual(['TOKEN-1', 'WEB', 'S1', 'json3']);
  });

  it('tells the player’s captions requests by their path, and their video', () => {
    expect(isTimedtextRequest(`${base}&lang=en`)).toBe(true);
    expect(isTimedtextRequest('http://localhost:1/fixtures/video/timedtext?v=x')).toBe(true);
    expect(isTimedtextRequest('https://www.youtube.com/api/stats/watchtime?timedtext=1')).toBe(false);
    expect(isTimedtextRequest('not a url')).toBe(false);
    expect(videoOfRequest(`${base}&lang=en`)).toBe('abc123');
  });
});
