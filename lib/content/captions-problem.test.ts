// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { useEnglishMessages } from '../i18n.test-helpers';
import { captionsProblem } from './captions-problem';

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
});
