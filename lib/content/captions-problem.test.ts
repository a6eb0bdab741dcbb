// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { useEnglishMessages } from '../i18n.test-helpers';
import { captionsProblem, trackProblem } from './captions-problem';

describe('what the captions say when they stop on an error', () => {
  it('the worker\'s own words (it wrote them in the user\'s language), with what to do next', () => {
    useEnglishMessages();
    const error = Object.assign(new Error('The service had a problem (HTTP 500).'), { kind: 'server' });
    expect(captionsProblem(error)).toBe('Caption translation stopped: The service had a problem (HTTP 500). To go on, choose Translate captions on the video again.');
  });

  it('never a raw message of the browser or a bug', () => {
    useEnglishMessages();
    const message = captionsProblem(new Error('Could not establish connection. Receiving end does not exist.'));
    expect(message).not.toContain('Receiving end');
    expect(message).toContain('Reload the page, then choose Translate captions on the video again.');
  });

  it('the spoken track not saved: why, and how to try again; the captions go on', () => {
    useEnglishMessages();
    const error = Object.assign(new Error('Your credits are used up.'), { kind: 'insufficientCredits' });
    expect(trackProblem(error)).toBe('The spoken track was not saved: Your credits are used up. To try again, choose Download spoken track.');
    expect(trackProblem(new Error('Receiving end does not exist.'))).not.toContain('Receiving end');
  });
});
