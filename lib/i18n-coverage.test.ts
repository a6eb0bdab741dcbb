import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../public/_locales/en/messages.json';
import { findEnglishInCode, type EnglishInCode } from './i18n-coverage.test-helpers';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Where the extension's code is; emulator/, bench/, scripts/ and test/ are not shipped. */
const CODE_DIRS = ['lib', 'components', 'entrypoints'];
const TEST_CODE = /\.test\.tsx?$|[.-]test-helpers\.ts$|test-fixtures\.ts$/;

/** Words left in code on purpose: not shown to a user in normal use, or not English. Each says why. */
const ALLOWED: { file: string; text: string; why: string }[] = [
  { file: 'lib/messaging/guard.ts', text: '“{}” is not accepted from this sender.', why: 'refuses a message from a wrong sender: a bug or an attack, not a user action' },
  { file: 'lib/messaging/guard.ts', text: '“{}” was sent with invalid data.', why: 'refuses malformed data from our own code: a bug, not a user action' },
  { file: 'lib/player/stretch-buffer.ts', text: 'stretch worker failed', why: 'the reason a failed stretch slice carries inside the player, which catches it; never shown' },
  { file: 'components/speech-fields.tsx', text: 'MP3', why: 'the name of an audio format, the same in every language' },
  { file: 'components/speech-fields.tsx', text: 'WAV', why: 'the name of an audio format, the same in every language' },
  ...['Code left out.', 'Código omitido.', 'Code omis.', 'Code ausgelassen.', 'Codice omesso.', 'Kod atlandı.', 'Код пропущен.', '코드는 생략합니다.', 'تم حذف الشيفرة.', 'Kod pominięty.', 'Code overgeslagen.', 'Kod utelämnad.'].map((text) => ({
    file: 'lib/speech/clean.ts',
    text,
    why: 'spoken in place of a code block in the language of the reading, not of the browser (one per language, like the word said for a link)',
  })),
];

function codeFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return codeFiles(rel);
    return /\.tsx?$/.test(entry.name) && !TEST_CODE.test(entry.name) ? [rel] : [];
  });
}

const allowed = (f: EnglishInCode) => ALLOWED.some((a) => a.file === f.file && a.text === f.text);

describe('every user-facing string is in the locale files', () => {
  const files = CODE_DIRS.flatMap(codeFiles);
  const found = files.flatMap((file) => findEnglishInCode(file, readFileSync(path.join(ROOT, file), 'utf8')));

  it('leaves no English sentence for the user in code', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(found.filter((f) => !allowed(f)).map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([]);
  });

  it('allows only what is still there', () => {
    const stale = ALLOWED.filter((a) => !found.some((f) => f.file === a.file && f.text === a.text));
    expect(stale).toEqual([]);
  });

  it('uses every message of the locale files', () => {
    const code = [...files, 'wxt.config.ts'].map((file) => readFileSync(path.join(ROOT, file), 'utf8')).join('\n');
    const unused = Object.keys(en).filter((key) => !code.includes(`'${key}'`) && !code.includes(`__MSG_${key}__`));
    expect(unused).toEqual([]);
  });
});

describe('findEnglishInCode', () => {
  const texts = (file: string, source: string) => findEnglishInCode(file, source).map((f) => f.text);

  it('finds errors, notices, labels and titles written in English', () => {
    const source = `
      throw new ServiceError('invalidRequest', 'Nothing is being read right now.');
      const GONE = 'That reading is over. Choose Read aloud again from the menu.';
      await tellPage(tab, 0, { type: 'pageNotice', message: \`Preparing the audio file: \${cost}.\`, confirm: { token, label: \`Read aloud (\${cost})\` } });
      await setBadge('problem', 'Reading stopped');
      return makeServiceError('badResponse', { reason: 'the audio is empty' });
      const m = paid ? 'The answer was cut short. Retry it.' : 'Try again later';
    `;
    expect(texts('lib/x.ts', source)).toEqual([
      'Nothing is being read right now.',
      'That reading is over. Choose Read aloud again from the menu.',
      'Preparing the audio file: {}.',
      'Read aloud ({})',
      'Reading stopped',
      'the audio is empty',
      'The answer was cut short. Retry it.',
    ]);
  });

  it('finds English text and accessible names in JSX', () => {
    const source = `export const A = () => <div className="row filters languages"><button aria-label="Close the panel">Save</button><p title={'Your balance now'}>{t('popupHistory')}</p></div>;`;
    expect(texts('components/a.tsx', source)).toEqual(['Close the panel', 'Save', 'Your balance now']);
  });

  it('leaves developers’ texts, keys, selectors, names and CSS alone', () => {
    const source = `
      throw new Error('No MP3 parts to join.');
      controller.abort(new DOMException(\`No answer for \${ms} ms\`, 'TimeoutError'));
      const CAP_CHANGED = Symbol('rate cap changed');
      console.warn('The player went away. Starting another.');
      const text = t('readingNothing');
      const heading = doc.querySelector('article h2');
      const name = 'Bahasa Indonesia';
      const STYLES = \`:host { all: initial; } .card { display: flex; }\`;
    `;
    expect(texts('lib/x.ts', source)).toEqual([]);
  });
});
