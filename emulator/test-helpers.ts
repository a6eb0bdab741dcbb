/**
 * Shared helpers for the emulator's own tests (not used by the emulator itself).
 */
import { startEmulator, type Emulator, type EmulatorOptions } from './server.ts';

/** A started emulator plus fetch shortcuts bound to it. */
export interface TestEmulator {
  emu: Emulator;
  /** Calls `/api/v1/<path>` with a Bearer key (null = no Authorization header). */
  api(path: string, init?: { key?: string | null; body?: unknown; rawBody?: string; method?: string }): Promise<Response>;
  /** Calls a control route and returns its JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- control JSON is checked field by field by the tests
  control(path: string, method?: string, body?: unknown): Promise<any>;
}

/** Starts an emulator on a random port. */
export async function startTestEmulator(options: EmulatorOptions = {}): Promise<TestEmulator> {
  const emu = await startEmulator({ port: 0, ...options });
  return {
    emu,
    api(path, init = {}) {
      const key = init.key === undefined ? 'demo-pro' : init.key;
      const headers: Record<string, string> = {};
      if (key !== null) headers.Authorization = `Bearer ${key}`;
      const hasBody = init.body !== undefined || init.rawBody !== undefined;
      if (hasBody) headers['Content-Type'] = 'application/json';
      return fetch(`${emu.url}/api/v1/${path}`, {
        method: init.method ?? (hasBody ? 'POST' : 'GET'),
        headers,
        body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      });
    },
    async control(path, method = 'GET', body) {
      const res = await fetch(`${emu.url}/__emulator/${path}`, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json();
    },
  };
}

/** Reads an error body's message (the emulator's `{error:{message}}` shape). */
export async function errorMessage(res: Response): Promise<string> {
  const body = (await res.json()) as { error: { message: string } };
  return body.error.message;
}
