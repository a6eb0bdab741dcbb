import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pageText } from './text-content';
import type { PageText } from './types';

// The machines' Node (20) predates Promise.withResolvers, which pdf.js uses even in its legacy build.
(Promise as { withResolvers?: unknown }).withResolvers ??= function withResolvers<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

/** Bytes of one of the project's PDF fixtures. */
export async function pdfFixture(name: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(path.resolve(import.meta.dirname, '../../test/fixtures/pdf', name)));
}

/**
 * The text of every page of a PDF, read by pdf.js in Node as the reader reads it in the browser
 * (with the same CMaps and standard fonts, from node_modules), opened with `password` if given.
 */
export async function pagesOfPdf(data: Uint8Array, options: { password?: string } = {}): Promise<PageText[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const dist = (dir: string) => path.resolve(import.meta.dirname, '../../node_modules/pdfjs-dist', dir) + '/';
  const task = getDocument({ data: data.slice(), standardFontDataUrl: dist('standard_fonts'), cMapUrl: dist('cmaps'), cMapPacked: true, password: options.password });
  const doc = await task.promise;
  try {
    const pages: PageText[] = [];
    for (let n = 1; n <= doc.numPages; n += 1) pages.push(await pageText(await doc.getPage(n)));
    return pages;
  } finally {
    await task.destroy();
  }
}
