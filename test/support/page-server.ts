import { createServer, type IncomingHttpHeaders } from 'node:http';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sharedPageFile } from './pages';
import { editorScript } from './editor-bundle';

export { SHARED_PAGES_DIR } from './pages';
const FIXTURES_DIR = path.resolve(import.meta.dirname, '../fixtures');

export interface LoggedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface PageServer {
  /**
   * e.g. http://localhost:41234: a host name the test build has no access to, so the extension
   * can touch these pages only after the user invokes it (activeTab), as in real use.
   */
  url: string;
  /** Every request this origin received, with its headers (to prove no key ever reaches it). */
  requests: LoggedRequest[];
  close(): Promise<void>;
}

/**
 * Serves web pages for end-to-end tests on a second local origin: /fixtures/<file> and
 * /fixtures/pages/<name>.html are pages of ours, /fixtures/pdf/<name>.pdf and /doc/<name> our PDFs,
 * /editors/<name>.js an editor from npm bundled for them, /pages/<name>/ a saved real article from the
 * optional shared corpus (404 when it is absent). It records every request it gets.
 */
export async function startPageServer(): Promise<PageServer> {
  const requests: LoggedRequest[] = [];
  const server = createServer(async (req, res) => {
    requests.push({ method: req.method ?? 'GET', url: req.url ?? '', headers: req.headers });
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/never-loads') {
      // An ad slot that starts answering and never finishes: its frame stays "loading".
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.write('<!doctype html><p>Advert');
      const end = setTimeout(() => res.end(), 60_000);
      res.on('close', () => clearTimeout(end));
      return;
    }
    // PDFs: under their own name, and at an address that does not say so (/doc/paper).
    const pdf = /^\/(?:fixtures\/pdf\/([\w-]+)\.pdf|doc\/([\w-]+))$/.exec(url.pathname);
    if (pdf) {
      const name = path.join(FIXTURES_DIR, 'pdf', `${pdf[1] ?? pdf[2]}.pdf`);
      if (existsSync(name)) return void res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(await readFile(name));
    }
    // Editors from npm, bundled for the fixture pages that use them (/editors/<name>.js).
    const editor = /^\/editors\/([\w-]+)\.js$/.exec(url.pathname);
    const script = editor ? editorScript(editor[1]!) : null;
    if (script) return void res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(await script);
    const page = /^\/pages\/([\w-]+)\/?$/.exec(url.pathname);
    const fixture = /^\/fixtures\/((?:pages\/)?[\w.-]+\.html)$/.exec(url.pathname);
    const file = page
      ? sharedPageFile(page[1]!)
      : fixture
        ? path.join(FIXTURES_DIR, fixture[1]!)
        : null;
    if (!file || !existsSync(file)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(await readFile(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A browser still open (or a frame that never finishes loading) keeps its connections.
        server.closeAllConnections();
      }),
  };
}
