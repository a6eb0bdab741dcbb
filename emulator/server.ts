/**
 * Local emulator of the text-to-speech and translation service (see /work/shared/SERVICE-API.md
 * and emulator/README.md). Programmatic entry point: `startEmulator`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_ACCOUNTS, type EmulatorAccount } from './accounts.ts';
import { handleTranslate, handleTts, handleUser, handleVoices, renderSample, type ApiContext } from './api-handlers.ts';
import { handleControl } from './control.ts';
import { assertEspeakAvailable } from './espeak.ts';
import { FaultQueue, type EndpointKind, type Fault } from './faults.ts';
import { errorReply, jsonReply, parseJsonObject, rawReply, readBody, send, sleep, type Reply } from './http-util.ts';
import { charCount } from './languages.ts';
import { RateLimiter } from './limits.ts';
import { MAX_LOG_ENTRIES, type EmulatorState, type LogEntry } from './state.ts';
import { translatorSetting, type TranslatorMode } from './translator-mode.ts';
import { voiceById } from './voices.ts';

export { DEFAULT_ACCOUNTS, type EmulatorAccount };

/** Options of `startEmulator`. */
export interface EmulatorOptions {
  /** 0 = random free port (the default). */
  port?: number;
  /** Defaults to DEFAULT_ACCOUNTS (copied: the originals are never mutated). */
  accounts?: EmulatorAccount[];
  /** Base latency of every `/api/v1/*` response; default 0. */
  latencyMs?: number;
  /** Extra latency per character of tts/translate text; default 0. */
  msPerChar?: number;
  /** Whether mp3 opens with a LAME Info frame (delay and padding), as real encoders write it; default true. */
  mp3LameTag?: boolean;
  /** The translation rule /translate starts with: `phrasebook` (the default) or `realistic` (README). */
  translator?: TranslatorMode;
  /** Default 60000: the "minute" of requests-per-minute, shortened by tests. */
  rateWindowMs?: number;
  /** Receives one line per request (never containing an API key). */
  log?: (line: string) => void;
}

/** A running emulator. */
export interface Emulator {
  /** e.g. http://127.0.0.1:54321, no trailing slash. */
  url: string;
  port: number;
  /** The live accounts: credits and plans change as requests and control routes run. */
  accounts: EmulatorAccount[];
  close(): Promise<void>;
}

/** One contract endpoint and how the pipeline treats it. */
interface ApiRoute {
  method: 'GET' | 'POST';
  kind: EndpointKind;
  /** Whether the endpoint spends credits (and so can suffer the charged-then-fail faults). */
  paid: boolean;
  /** Whether `text` in the body adds `msPerChar` latency. */
  textual: boolean;
  handle(ctx: ApiContext): Promise<Reply>;
  /** The `missing-fields` fault: drops a required field from a successful body. */
  strip?(body: Record<string, unknown>): unknown;
}

const API_ROUTES: Record<string, ApiRoute> = {
  '/api/v1/tts': { method: 'POST', kind: 'audio', paid: true, textual: true, handle: handleTts },
  '/api/v1/translate': {
    method: 'POST',
    kind: 'json',
    paid: true,
    textual: true,
    handle: handleTranslate,
    strip: ({ translation: _omitted, ...rest }) => rest,
  },
  '/api/v1/user': {
    method: 'GET',
    kind: 'json',
    paid: false,
    textual: false,
    handle: handleUser,
    strip: (b) => {
      const { credits: _omitted, ...user } = b.user as Record<string, unknown>;
      return { user };
    },
  },
  '/api/v1/voices': { method: 'GET', kind: 'json', paid: false, textual: false, handle: handleVoices, strip: () => ({ voices: [{ id: 1 }] }) },
};

const SAMPLE_PATH = /^\/samples\/([^/]+)\.mp3$/;

/** Faults that replace the response without doing the work (so nothing is charged). */
function earlyFaultReply(fault: Fault): Reply | null {
  switch (fault.type) {
    case 'server-error':
      return rawReply(500, 'text/plain; charset=utf-8', 'Internal error: upstream voice engine crashed');
    case 'wrong-content-type':
      return rawReply(200, 'text/html; charset=utf-8', '<html>oops</html>');
    case 'rate-limit':
      return rawReply(429, 'text/html; charset=utf-8', '<html><body><h1>429 Too Many Requests</h1><p>Slow down.</p></body></html>', {
        'Retry-After': String(fault.retryAfter),
      });
    default:
      return null;
  }
}

/**
 * Where truncated-audio cuts: half way, but never exactly where an mp3 frame starts. A cut there
 * leaves only whole frames, a shorter file no client could tell from a complete one.
 */
function halfway(reply: Reply): number {
  const at = Math.floor(reply.body.length / 2);
  const mp3 = reply.headers['Content-Type'] === 'audio/mpeg';
  const frameStartsHere = reply.body[at] === 0xff && ((reply.body[at + 1] ?? 0) & 0xe0) === 0xe0;
  return mp3 && frameStartsHere ? at - 1 : at;
}

/** How much longer the `longer-translation` fault makes a translation. */
const LONGER_BY = 0.3;

/** `text` with its own words again after it, `by` times its length more (to a word's end), each paragraph on its own. */
export function lengthened(text: string, by: number): string {
  return text
    .split('\n')
    .map((paragraph) => {
      const want = Math.ceil(paragraph.trim().length * by);
      if (!want) return paragraph;
      const words = paragraph.trim().split(/\s+/);
      let extra = '';
      for (let i = 0; extra.length < want; i++) extra += ` ${words[i % words.length]}`;
      return paragraph.trimEnd() + extra;
    })
    .join('\n');
}

/** Faults that corrupt a successful response after the work was done. */
function lateFaultReply(fault: Fault, reply: Reply, route: ApiRoute | null): Reply | null {
  switch (fault.type) {
    case 'malformed-json':
      return rawReply(200, 'application/json; charset=utf-8', '{"user": {');
    case 'missing-fields':
      return route?.strip ? jsonReply(200, route.strip(JSON.parse(reply.body.toString('utf8')))) : null;
    case 'truncated-audio': {
      // Half the bytes with a matching Content-Length: the transfer looks complete, the audio is not.
      return { ...reply, body: reply.body.subarray(0, halfway(reply)) };
    }
    case 'charged-cut':
      // The work was done and billed; the connection breaks half way through the body.
      return { ...reply, cutAt: Math.floor(reply.body.length / 2), keepsCharge: true };
    case 'charged-error':
      return { ...rawReply(500, 'text/plain; charset=utf-8', 'Internal error: the result was lost after billing'), keepsCharge: true };
    case 'longer-translation': {
      // A service whose translations run about 30 % longer than the phrasebook's (English into
      // German often does): charged as usual, on the source's length.
      const body = JSON.parse(reply.body.toString('utf8')) as { translation?: unknown };
      if (typeof body.translation !== 'string') return null;
      return { ...jsonReply(200, { ...body, translation: lengthened(body.translation, LONGER_BY) }), keepsCharge: true };
    }
    case 'merged-paragraphs': {
      // A service that loses the blank lines between paragraphs (one flowing text): charged as
      // usual, and a client can no longer tell which part answers which paragraph.
      const body = JSON.parse(reply.body.toString('utf8')) as { translation?: unknown };
      if (typeof body.translation !== 'string') return null;
      return { ...jsonReply(200, { ...body, translation: body.translation.replace(/\s*\n\s*\n\s*/gu, ' ') }), keepsCharge: true };
    }
    default:
      return null;
  }
}

/** The key of `Authorization: Bearer <key>`, or null. */
function bearerKey(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m ? (m[1] as string) : null;
}

/** Starts an emulator bound to 127.0.0.1; rejects when espeak-ng is missing or the port is taken. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  await assertEspeakAvailable();
  const initialAccounts = structuredClone(options.accounts ?? DEFAULT_ACCOUNTS);
  const state: EmulatorState = {
    accounts: structuredClone(initialAccounts),
    initialAccounts,
    config: { latencyMs: options.latencyMs ?? 0, msPerChar: options.msPerChar ?? 0, mp3LameTag: options.mp3LameTag ?? true },
    translator: translatorSetting(options.translator),
    limiter: new RateLimiter(options.rateWindowMs ?? 60_000),
    faults: new FaultQueue(),
    log: [],
    nextLogId: 1,
    ledger: [],
    epoch: 0,
    held: new Set(),
  };
  const logLine = options.log ?? (() => {});
  const samples = new Map<string, Promise<Buffer>>();
  let url = '';

  /** `{base_url}` as this client reached us (localhost vs 127.0.0.1 matters for host permissions). */
  const baseUrlOf = (req: IncomingMessage): string => {
    const host = req.headers.host ?? '';
    return /^(127\.0\.0\.1|localhost|\[::1\]):\d+$/.test(host) ? `http://${host}` : url;
  };

  /**
   * A `slow` fault's extra wait: `ms`, or less when the harness releases it (a test holds requests
   * with the service until it has done what it checks, instead of guessing how long that takes).
   */
  function holdFor(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const release = (): void => {
        clearTimeout(timer);
        state.held.delete(release);
        resolve();
      };
      const timer = setTimeout(release, ms);
      state.held.add(release);
    });
  }

  /** The shared tail: wait out latency, keep or refund the charge, send and log. */
  async function finish(res: ServerResponse, entry: LogEntry, reply: Reply, waitUntil: number, extraDelay: number, settle: (keep: boolean) => void, keepCharge: boolean, gone: () => boolean): Promise<void> {
    await sleep(waitUntil - Date.now());
    await holdFor(extraDelay);
    settle(keepCharge && !gone() && (reply.status === 200 || reply.keepsCharge === true));
    if (gone()) {
      entry.status = 499;
      return;
    }
    entry.status = reply.status;
    send(res, reply);
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, route: ApiRoute, path: string, entry: LogEntry, gone: () => boolean): Promise<void> {
    const arrival = Date.now();
    let body: Record<string, unknown> = {};
    let parseError: Reply | null = null;
    if (route.method === 'POST') {
      const raw = await readBody(req);
      const parsed = raw.tooLarge ? { ok: false as const, message: 'The request body is larger than 1 MB.' } : parseJsonObject(raw.text);
      if (parsed.ok) body = parsed.value;
      else parseError = errorReply(400, 'invalid_request', parsed.message);
      if (typeof body.text === 'string') {
        entry.textLength = charCount(body.text);
        entry.textStart = body.text.slice(0, 80);
      }
      const language = body.language ?? body.target_language;
      if (typeof language === 'string') entry.language = language;
      if (typeof body.voice_id === 'string') entry.voiceId = body.voice_id;
      if (typeof body.speed === 'number') entry.speed = body.speed;
      if (typeof body.format === 'string') entry.format = body.format;
    } else {
      req.resume();
    }
    const waitUntil = arrival + state.config.latencyMs + (route.textual ? state.config.msPerChar * (entry.textLength ?? 0) : 0);
    const key = bearerKey(req.headers.authorization);
    const account = key === null ? undefined : state.accounts.find((a) => a.key === key);
    if (!account) {
      const message = entry.hasAuthorization ? 'The API key is invalid.' : 'Missing API key: send Authorization: Bearer <API_KEY>.';
      return finish(res, entry, errorReply(401, 'unauthorized', message), waitUntil, 0, () => {}, false, gone);
    }
    entry.account = account.email;
    const admission = state.limiter.admit(account);
    if (!admission.ok) {
      const message =
        admission.reason === 'rate'
          ? `Rate limit exceeded for the ${account.plan} plan; retry in ${admission.retryAfter} s.`
          : `Too many concurrent requests for the ${account.plan} plan.`;
      const reply = errorReply(429, 'rate_limited', message, { 'Retry-After': String(admission.retryAfter) });
      return finish(res, entry, reply, waitUntil, 0, () => {}, false, gone);
    }
    let reserved = 0;
    const epoch = state.epoch;
    const settle = (keep: boolean): void => {
      // A reset since arrival restored the balances and cleared the ledger: this request is forgotten.
      if (reserved > 0 && epoch === state.epoch) {
        if (!keep) account.credits += reserved;
        else state.ledger.push({ id: entry.id, time: entry.time, account: account.email, path, textLength: entry.textLength ?? 0, textStart: entry.textStart ?? '', credits: reserved });
      }
      reserved = 0;
    };
    try {
      const fault = state.faults.take(path, route.kind, route.paid);
      const early = fault ? earlyFaultReply(fault) : null;
      let reply: Reply;
      let faulted = early !== null;
      if (early) reply = early;
      else if (parseError) reply = parseError;
      else {
        const ctx: ApiContext = {
          account,
          body,
          baseUrl: baseUrlOf(req),
          mp3LameTag: state.config.mp3LameTag,
          translator: state.translator.byKey.get(account.key) ?? state.translator.mode,
          reserve: (cost) => {
            if (account.credits < cost) {
              return errorReply(402, 'insufficient_credits', `Insufficient credits: this request costs ${cost} credits and the balance is ${account.credits}.`);
            }
            // Taken up front so concurrent requests cannot overspend; refunded unless the request succeeds.
            account.credits -= cost;
            reserved += cost;
            return null;
          },
        };
        try {
          reply = await route.handle(ctx);
        } catch (e) {
          logLine(`internal error on ${path}: ${(e as Error).message}`);
          reply = errorReply(500, 'internal_error', 'The speech engine failed; please retry.');
        }
        if (fault && reply.status === 200) {
          const late = lateFaultReply(fault, reply, route);
          if (late) {
            reply = late;
            faulted = late.keepsCharge !== true;
          }
        }
      }
      const extra = fault?.type === 'slow' ? fault.delayMs : 0;
      await finish(res, entry, reply, waitUntil, extra, settle, !faulted, gone);
    } finally {
      admission.release();
    }
  }

  async function handleSample(res: ServerResponse, id: string, path: string, entry: LogEntry, gone: () => boolean): Promise<void> {
    const voice = voiceById(id);
    if (!voice) return finish(res, entry, errorReply(404, 'not_found', `No sample for voice "${id}".`), 0, 0, () => {}, false, gone);
    let audio = samples.get(id);
    if (!audio) {
      audio = renderSample(voice);
      samples.set(id, audio);
      audio.catch(() => samples.delete(id)); // a failed render is retried next time, not cached
    }
    const fault = state.faults.take(path, 'audio');
    const early = fault ? earlyFaultReply(fault) : null;
    let reply: Reply = early ?? rawReply(200, 'audio/mpeg', await audio, { 'Cache-Control': 'public, max-age=3600' });
    if (fault && reply.status === 200) reply = lateFaultReply(fault, reply, null) ?? reply;
    return finish(res, entry, reply, 0, fault?.type === 'slow' ? fault.delayMs : 0, () => {}, false, gone);
  }

  const server = createServer((req, res) => {
    const start = Date.now();
    const path = new URL(req.url ?? '/', 'http://emulator.invalid').pathname;
    const method = req.method ?? 'GET';
    let finished = false;
    let clientGone = false;
    res.on('close', () => {
      if (!res.writableFinished) clientGone = true;
    });
    const gone = (): boolean => clientGone;

    if (path.startsWith('/__emulator/')) {
      // The test harness's control calls close their connection: a kept-alive socket that the server
      // times out just as the harness reuses it (a loaded machine) breaks a test with ECONNRESET.
      res.shouldKeepAlive = false;
      handleControl(req, path, state)
        .then((reply) => send(res, reply ?? errorReply(404, 'not_found', 'Not found.')))
        .catch((e: Error) => send(res, errorReply(500, 'internal_error', e.message)));
      return;
    }

    const entry: LogEntry = {
      id: state.nextLogId++,
      time: new Date(start).toISOString(),
      method,
      path,
      status: 0,
      account: null,
      textLength: null,
      textStart: null,
      language: null,
      voiceId: null,
      speed: null,
      format: null,
      durationMs: 0,
      hasAuthorization: req.headers.authorization !== undefined,
    };
    const done = (): void => {
      if (finished) return;
      finished = true;
      entry.durationMs = Date.now() - start;
      state.log.push(entry);
      if (state.log.length > MAX_LOG_ENTRIES) state.log.splice(0, state.log.length - MAX_LOG_ENTRIES);
      logLine(`${method} ${path} ${entry.status} ${entry.durationMs}ms ${entry.account ?? '-'}`);
    };

    let work: Promise<void>;
    const route = API_ROUTES[path];
    const sample = SAMPLE_PATH.exec(path);
    if (route && route.method === method) work = handleApi(req, res, route, path, entry, gone);
    else if (route) {
      req.resume();
      work = finish(res, entry, errorReply(405, 'method_not_allowed', `${method} is not allowed on ${path}; use ${route.method}.`, { Allow: route.method }), 0, 0, () => {}, false, gone);
    } else if (sample && method === 'GET') {
      work = handleSample(res, decodeURIComponent(sample[1] as string), path, entry, gone);
    } else if (sample) {
      req.resume();
      work = finish(res, entry, errorReply(405, 'method_not_allowed', `${method} is not allowed on ${path}; use GET.`, { Allow: 'GET' }), 0, 0, () => {}, false, gone);
    } else {
      req.resume();
      work = finish(res, entry, errorReply(404, 'not_found', `No such endpoint: ${path}.`), 0, 0, () => {}, false, gone);
    }
    work
      .catch((e: Error) => {
        logLine(`internal error on ${path}: ${e.message}`);
        if (!res.headersSent && !clientGone) {
          entry.status = 500;
          send(res, errorReply(500, 'internal_error', 'Internal error.'));
        }
      })
      .finally(done);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  url = `http://127.0.0.1:${port}`;

  return {
    url,
    port,
    accounts: state.accounts,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        // Keep-alive sockets (fetch pools them) would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}
