import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/*
 * The video fixtures (test/fixtures/video) served as a web server sends them, with byte ranges: a
 * browser seeks in a video only then. On 127.0.0.1 and a port of its own: another origin than the
 * page server's, for a player embedded from another site.
 */

const VIDEO_DIR = path.resolve(import.meta.dirname, '../fixtures/video');
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.webm': 'video/webm', '.vtt': 'text/vtt; charset=utf-8', '.srt': 'text/plain; charset=utf-8' };

/** A fixture file by the request's path (its name only) and Range header: status, headers and body. */
export function servedVideoFile(pathname: string, range: string | undefined): { status: number; headers: Record<string, string>; body: Buffer } {
  const name = path.basename(pathname);
  let whole: Buffer;
  try {
    whole = readFileSync(path.join(VIDEO_DIR, name));
  } catch {
    return { status: 404, headers: {}, body: Buffer.alloc(0) };
  }
  const headers = { 'Content-Type': TYPES[path.extname(name)] ?? 'application/octet-stream', 'Accept-Ranges': 'bytes' };
  const asked = /^bytes=(\d+)-(\d*)$/.exec(range ?? '');
  if (!asked) return { status: 200, headers, body: whole };
  const start = Number(asked[1]);
  const end = asked[2] ? Math.min(Number(asked[2]), whole.length - 1) : whole.length - 1;
  return { status: 206, headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${whole.length}` }, body: whole.subarray(start, end + 1) };
}

/** The path of a fixture file on disk (for a file the user picks). */
export const videoFixturePath = (name: string) => path.join(VIDEO_DIR, name);

/** Serves the video fixtures on 127.0.0.1 at a free port. */
export async function startVideoServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const { status, headers, body } = servedVideoFile(new URL(req.url ?? '/', 'http://x').pathname, req.headers.range);
    res.writeHead(status, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
