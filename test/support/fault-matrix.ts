import type { FaultType } from '../../emulator/faults';
import { emulatorLog, ledger, type LoggedServiceRequest } from './extension';

/** The paid endpoint a user path spends on: speech or translation. */
export type Endpoint = '/api/v1/tts' | '/api/v1/translate';

/** What the user is told, and what happens to the money, when one fault hits one request. */
export interface FaultCase {
  fault: FaultType;
  /** Extra fields of the fault (e.g. the delay of `slow`). */
  options?: { delayMs?: number; retryAfter?: number };
  /** The words the user must see, within 2 s of the faulted answer (for `slow`: of the request). */
  said: Partial<Record<Endpoint, RegExp>>;
  /** Ends well without the user doing anything: the answer arrives after the note. */
  recovers: boolean;
  /** The service kept the charge of the faulted request (it billed and then failed). */
  charged: boolean;
}

/** Said when the service takes longer than usual (bubble, page notice, popup alike). */
const SLOW_NOTE = /slower than usual; still waiting/;
/** How long after the request the slow note may come (it is due after 3 s). */
export const SLOW_NOTE_WITHIN_MS = 5000;
/** How long after the faulted answer the user may wait to be told (the target; each cell reports its figure). */
export const SAID_WITHIN_MS = 2000;
/**
 * What a loaded 2-core machine adds to that in a test (two browsers and the emulator at load 10:
 * the player, the worker and the page each wait for a core). A path that waits on a timer or a
 * retry before telling still fails; the figure against the 2 s target is in each cell's report.
 */
export const LOADED_MACHINE_MS = 3000;

const BUSY = /The service is busy \(rate limit\)[.;] .*by itself in \d+ s\./;
const PAID_500 = /The service had a problem \(HTTP 500\).*may already be paid for/;

/**
 * Every fault the emulator can inject (emulator/faults.ts FAULT_TYPES), with what the user must be
 * told on a speech endpoint and on the translation endpoint. A fault with no words for an endpoint
 * cannot apply to it (the emulator leaves it queued for an endpoint it fits), so that cell is left
 * out: truncated-audio only fits audio answers, malformed-json and missing-fields only JSON ones.
 */
export const FAULT_CASES: FaultCase[] = [
  {
    fault: 'server-error',
    // A paid 500 is not retried: the service may have done (and billed) the work, which a client
    // cannot tell from charged-error. The user is told so, and retries.
    said: { '/api/v1/tts': PAID_500, '/api/v1/translate': PAID_500 },
    recovers: false,
    charged: false,
  },
  {
    fault: 'slow',
    // Longer than the 3 s note, well within the client's 30 s budget for the answer to start.
    options: { delayMs: 7000 },
    said: { '/api/v1/tts': SLOW_NOTE, '/api/v1/translate': SLOW_NOTE },
    recovers: true,
    charged: true,
  },
  {
    fault: 'malformed-json',
    said: { '/api/v1/translate': /The service's answer was cut short .*may already be paid for/ },
    recovers: false,
    charged: false,
  },
  {
    fault: 'wrong-content-type',
    said: { '/api/v1/tts': /The service( sent an unexpected response|'s answer could not be used)/, '/api/v1/translate': /The service( sent an unexpected response|'s answer could not be used)/ },
    recovers: false,
    charged: false,
  },
  {
    fault: 'truncated-audio',
    said: { '/api/v1/tts': /cut short/ },
    recovers: false,
    charged: false,
  },
  {
    fault: 'rate-limit',
    // Three seconds: time enough to see the note before the retried answer replaces it.
    options: { retryAfter: 3 },
    said: { '/api/v1/tts': BUSY, '/api/v1/translate': BUSY },
    recovers: true,
    charged: false,
  },
  {
    fault: 'missing-fields',
    said: { '/api/v1/translate': /The service's answer was cut short .*may already be paid for/ },
    recovers: false,
    charged: false,
  },
  {
    fault: 'charged-cut',
    said: { '/api/v1/tts': /cut short.*may already be paid for/, '/api/v1/translate': /cut short.*may already be paid for/ },
    recovers: false,
    charged: true,
  },
  {
    fault: 'charged-error',
    said: { '/api/v1/tts': PAID_500, '/api/v1/translate': PAID_500 },
    recovers: false,
    charged: true,
  },
];

/** Words that are not for people: markup, raw JSON, programming errors. */
export const NOT_PLAIN = /<\/?[a-z][^>]*>|\{"|\bundefined\b|\[object |TypeError|SyntaxError|ZodError|Failed to fetch|stack/;

/** What the service charges for a text on an endpoint (emulator/README.md "Credits"). */
export function costOf(endpoint: Endpoint, text: string): number {
  const characters = [...text].length;
  return Math.max(1, Math.ceil(characters / (endpoint === '/api/v1/tts' ? 100 : 10)));
}

/** Requests the emulator answered on one endpoint, oldest first. */
export async function requestsTo(emulatorUrl: string, endpoint: Endpoint): Promise<LoggedServiceRequest[]> {
  return (await emulatorLog(emulatorUrl)).filter((r) => r.path === endpoint).sort((a, b) => a.id - b.id);
}

/** Charges kept on one endpoint: [characters, credits] per charge, oldest first. */
export async function chargesOn(emulatorUrl: string, endpoint: Endpoint): Promise<[number, number][]> {
  return (await ledger(emulatorUrl)).entries.filter((e) => e.path === endpoint).map((e) => [e.textLength, e.credits]);
}

/** When a logged request arrived and when its answer went out (ms since the epoch). */
export function timesOf(request: LoggedServiceRequest): { arrived: number; answered: number } {
  const arrived = Date.parse(request.time);
  return { arrived, answered: arrived + request.durationMs };
}

/**
 * Reads what the user sees until it matches; returns it, when it was seen (the end of the read
 * that showed it: never earlier than it really appeared) and how long that read took (the
 * observer's own delay: reading a page's accessibility tree takes a second on a busy machine).
 * Fails with what was shown instead.
 */
export async function firstSeen(read: () => Promise<string>, pattern: RegExp, timeoutMs: number): Promise<{ text: string; at: number; readMs: number }> {
  const deadline = Date.now() + timeoutMs;
  let text = '';
  for (;;) {
    const started = Date.now();
    text = await read().catch(() => text);
    if (pattern.test(text)) return { text, at: Date.now(), readMs: Date.now() - started };
    if (Date.now() > deadline) throw new Error(`not shown within ${timeoutMs} ms: ${String(pattern)}; shown: "${text}"`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Queues one use of a fault on an endpoint. */
export async function injectFault(emulatorUrl: string, endpoint: Endpoint, c: FaultCase): Promise<void> {
  const response = await fetch(`${emulatorUrl}/__emulator/faults`, {
    method: 'POST',
    body: JSON.stringify({ type: c.fault, path: endpoint, times: 1, ...c.options }),
  });
  if (!response.ok) throw new Error(`fault not queued: ${await response.text()}`);
}
