// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEnglishMessages } from '../i18n.test-helpers';
import { openGlossaryForm, type GlossaryChoice } from './glossary-form';
import { captureShadowRoots } from './shadow-host.test-helpers';

const hosts = () => document.documentElement.querySelectorAll(':scope > voxlate-glossary');

beforeEach(() => useEnglishMessages());
afterEach(() => {
  vi.restoreAllMocks();
  hosts().forEach((host) => host.remove());
});

/** Opens the form and gives its parts (inside the closed root) and what it saved. */
function open(extra: { translation?: string; site?: string | null; answer?: string | null } = {}) {
  const roots = captureShadowRoots();
  const saved: GlossaryChoice[] = [];
  openGlossaryForm({ term: '<b>Voxlate</b>', site: extra.site === undefined ? 'news.example' : extra.site, ...(extra.translation ? { translation: extra.translation } : {}), onSave: async (c) => (saved.push(c), extra.answer ?? null) });
  const root = roots[0]!;
  const radio = (value: string) => root.querySelector<HTMLInputElement>(`input[type=radio][value=${value}]`)!;
  const [translation, say] = [...root.querySelectorAll<HTMLInputElement>('input.text')] as [HTMLInputElement, HTMLInputElement];
  const submit = () => root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  return { root, radio, translation, say, submit, saved, site: root.querySelector<HTMLInputElement>('input[type=checkbox]') };
}

describe('the glossary form on the page', () => {
  it('is in a closed shadow root, the term shown as text; "keep it as is" is chosen and saved as it is', async () => {
    const form = open();
    expect(hosts()).toHaveLength(1);
    expect(hosts()[0]!.shadowRoot).toBeNull();
    expect(form.root.querySelector('.title')!.textContent).toBe('Add “<b>Voxlate</b>” to the glossary');
    expect(form.root.querySelector('b')).toBeNull();
    expect(form.radio('keep').checked).toBe(true);
    form.submit();
    await vi.waitFor(() => expect(hosts()).toHaveLength(0));
    expect(form.saved).toEqual([{ term: '<b>Voxlate</b>', translate: 'keep', translation: null, say: null, thisSite: false }]);
  });

  it('opened with a translation (the bubble\'s), "translate as" is chosen with it; only on this site when ticked', async () => {
    const form = open({ translation: 'Voxlato' });
    expect(form.radio('fixed').checked).toBe(true);
    expect(form.translation.value).toBe('Voxlato');
    form.site!.checked = true;
    form.say.value = ' vox late ';
    form.submit();
    await vi.waitFor(() => expect(form.saved).toHaveLength(1));
    expect(form.saved[0]).toEqual({ term: '<b>Voxlate</b>', translate: 'fixed', translation: 'Voxlato', say: 'vox late', thisSite: true });
  });

  it('asks for what is missing before saving (a translation to translate as, a way to say it), and shows a refusal in the form', async () => {
    const form = open({ site: null, answer: 'The glossary is full.' });
    expect(form.site).toBeNull();
    form.radio('keep').checked = false;
    form.radio('fixed').checked = true;
    form.submit();
    expect(form.root.querySelector('[role=alert]')!.textContent).toMatch(/how to translate it/u);
    form.radio('fixed').checked = false;
    form.radio('free').checked = true;
    form.submit();
    expect(form.root.querySelector('[role=alert]')!.textContent).toMatch(/how to say it/u);
    expect(form.saved).toEqual([]);
    form.say.value = 'vox';
    form.submit();
    await vi.waitFor(() => expect(form.root.querySelector('[role=alert]')!.textContent).toBe('The glossary is full.'));
    expect(hosts()).toHaveLength(1);
  });
});
