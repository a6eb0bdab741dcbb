import { describe, expect, it } from 'vitest';
import { LOCKED, makeLocked } from '../../test/fixtures/pdf/make';
import { pagesOfPdf, pdfFixture } from './pdf-node.test-helpers';
import { readingBlocks } from './reading-order';

/** pdf.js's PasswordResponses: a password is needed, or the one given is wrong. */
const NEED_PASSWORD = 1;
const INCORRECT_PASSWORD = 2;

describe('a password-protected PDF', () => {
  it('asks for a password when opened without one', async () => {
    await expect(pagesOfPdf(await pdfFixture('locked.pdf'))).rejects.toMatchObject({ name: 'PasswordException', code: NEED_PASSWORD });
  });

  it('refuses a wrong password', async () => {
    await expect(pagesOfPdf(await pdfFixture('locked.pdf'), { password: 'not-the-password' })).rejects.toMatchObject({ name: 'PasswordException', code: INCORRECT_PASSWORD });
  });

  it('reads its paragraphs with the right user password, and with the owner password', async () => {
    for (const password of [LOCKED.userPassword, LOCKED.ownerPassword]) {
      const blocks = readingBlocks(await pagesOfPdf(await pdfFixture('locked.pdf'), { password }));
      expect(blocks.map((block) => block.text)).toEqual([LOCKED.title, ...LOCKED.paragraphs]);
      expect(blocks[0]!.kind).toBe('heading');
    }
  });

  it('is what make.ts makes', async () => {
    expect(Buffer.from(await makeLocked()).equals(Buffer.from(await pdfFixture('locked.pdf')))).toBe(true);
  });
});
