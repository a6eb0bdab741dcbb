/**
 * A content-addressed cache of the speech the emulator renders: what was asked (text, espeak
 * voice, variant, speed, format, encoder options) → the exact bytes sent back. espeak-ng and the
 * pure-JavaScript mp3 encoder take seconds of CPU for a long text (a 5,000-character chunk: about
 * 2 s and 5–13 s on this 2-core machine), and the test suite asks for the same texts over and
 * over, in every browser and every run. The answer is byte for byte what a fresh render gives, so
 * nothing a test or the extension sees changes except how soon it comes.
 *
 * One folder on the machine, shared by every emulator and every run:
 * `$VOXLATE_AUDIO_CACHE`, or `<tmp>/voxlate-emulator-audio`; `VOXLATE_AUDIO_CACHE=off` renders
 * every request afresh. Requests for the same audio while it is being rendered share one render.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Bumped when the rendering changes (espeak arguments, encoder, header): old entries are not read. */
const RENDER_VERSION = 1;

export interface AudioCache {
  /** The bytes for `request`, from the cache or from `render` (then kept). */
  get(request: Record<string, unknown>, render: () => Promise<Buffer>): Promise<Buffer>;
}

/** Where the cache lives, or null when it is switched off. */
export function audioCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const setting = env.VOXLATE_AUDIO_CACHE;
  if (setting === 'off') return null;
  return setting || path.join(tmpdir(), 'voxlate-emulator-audio');
}

/** The key of one rendering: a hash of everything that decides its bytes. */
export function audioKey(request: Record<string, unknown>): string {
  const canonical = JSON.stringify([RENDER_VERSION, Object.entries(request).sort(([a], [b]) => a.localeCompare(b))]);
  return createHash('sha256').update(canonical).digest('hex');
}

export function createAudioCache(dir: string | null = audioCacheDir()): AudioCache {
  const rendering = new Map<string, Promise<Buffer>>();
  async function load(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    if (!dir) return render();
    const file = path.join(dir, key.slice(0, 2), key);
    const kept = await readFile(file).catch(() => null);
    if (kept) return kept;
    const bytes = await render();
    // Written beside and renamed into place: another process never reads half a file.
    try {
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    } catch {
      // A full or read-only disk costs only speed.
    }
    return bytes;
  }
  return {
    get(request, render) {
      const key = audioKey(request);
      let pending = rendering.get(key);
      if (!pending) {
        pending = load(key, render).finally(() => rendering.delete(key));
        rendering.set(key, pending);
      }
      return pending;
    },
  };
}
