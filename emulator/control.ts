/**
 * Control routes under `/__emulator/` (no auth): inspection and manipulation for tests, the
 * bench and the demo. They are not part of the service contract and are not logged.
 */
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { FaultRequestSchema } from './faults.ts';
import { errorReply, jsonReply, parseJsonObject, readBody, type Reply } from './http-util.ts';
import type { EmulatorState } from './state.ts';
import { resetTranslator, TRANSLATOR_MODES } from './translator-mode.ts';

const AccountChangeSchema = z.strictObject({
  key: z.string().min(1),
  credits: z.number().int().min(0).optional(),
  plan: z.enum(['free', 'pro', 'enterprise']).optional(),
});

const ConfigChangeSchema = z.strictObject({
  latencyMs: z.number().min(0).optional(),
  msPerChar: z.number().min(0).optional(),
  mp3LameTag: z.boolean().optional(),
});

const TranslatorChangeSchema = z.strictObject({
  mode: z.enum(TRANSLATOR_MODES),
  /** Only this account's requests (else every account without its own mode). */
  key: z.string().min(1).optional(),
});

/** The translator switch as control replies show it: per-account modes by email, never by key. */
function translatorView(state: EmulatorState): { mode: string; accounts: Record<string, string> } {
  const accounts: Record<string, string> = {};
  for (const [key, mode] of state.translator.byKey) {
    const email = state.accounts.find((a) => a.key === key)?.email;
    if (email) accounts[email] = mode;
  }
  return { mode: state.translator.mode, accounts };
}

/** Parses and validates a JSON body with a zod schema, or builds the 400 reply. */
async function body<T>(req: IncomingMessage, schema: z.ZodType<T>): Promise<T | Reply> {
  const { text, tooLarge } = await readBody(req);
  const parsed = tooLarge ? { ok: false as const, message: 'Body too large.' } : parseJsonObject(text || '{}');
  if (!parsed.ok) return errorReply(400, 'invalid_request', parsed.message);
  const result = schema.safeParse(parsed.value);
  if (!result.success) return errorReply(400, 'invalid_request', z.prettifyError(result.error));
  return result.data;
}

const isReply = (v: unknown): v is Reply => typeof v === 'object' && v !== null && 'status' in v && 'body' in v && Buffer.isBuffer((v as Reply).body);

/** Restores accounts in place (so `Emulator.accounts` references stay valid) and clears the rest. */
export function resetState(state: EmulatorState): void {
  state.initialAccounts.forEach((initial, i) => {
    const live = state.accounts[i];
    if (live) Object.assign(live, structuredClone(initial));
  });
  state.limiter.reset();
  state.faults.clear();
  state.log.length = 0;
  state.ledger.length = 0;
  resetTranslator(state.translator);
  state.epoch++;
}

/** Lets every request a `slow` fault holds respond now. Returns how many there were. */
export function releaseHeld(state: EmulatorState): number {
  const held = [...state.held];
  for (const release of held) release();
  return held.length;
}

/** Handles one control request; returns null when the path is not a control route. */
export async function handleControl(req: IncomingMessage, path: string, state: EmulatorState): Promise<Reply | null> {
  const method = req.method ?? 'GET';
  const routes: Record<string, Record<string, () => Promise<Reply>>> = {
    '/__emulator/log': {
      GET: async () => jsonReply(200, { requests: state.log }),
      DELETE: async () => ((state.log.length = 0), jsonReply(200, { ok: true })),
    },
    '/__emulator/ledger': {
      GET: async () => {
        const total: Record<string, number> = {};
        for (const e of state.ledger) total[e.account] = (total[e.account] ?? 0) + e.credits;
        return jsonReply(200, { entries: state.ledger, total });
      },
      DELETE: async () => ((state.ledger.length = 0), jsonReply(200, { ok: true })),
    },
    '/__emulator/faults': {
      GET: async () => jsonReply(200, { faults: state.faults.list() }),
      POST: async () => {
        const b = await body(req, FaultRequestSchema);
        return isReply(b) ? b : jsonReply(200, { ok: true, fault: state.faults.add(b) });
      },
      DELETE: async () => (state.faults.clear(), jsonReply(200, { ok: true })),
    },
    '/__emulator/reset': {
      POST: async () => (resetState(state), jsonReply(200, { ok: true })),
    },
    '/__emulator/release': {
      POST: async () => jsonReply(200, { ok: true, released: releaseHeld(state) }),
    },
    '/__emulator/accounts': {
      POST: async () => {
        const b = await body(req, AccountChangeSchema);
        if (isReply(b)) return b;
        const account = state.accounts.find((a) => a.key === b.key);
        if (!account) return errorReply(404, 'not_found', 'No account has that key.');
        if (b.credits !== undefined) account.credits = b.credits;
        if (b.plan !== undefined) account.plan = b.plan;
        // The key is deliberately not echoed: control output may end up in test logs.
        return jsonReply(200, { ok: true, account: { email: account.email, plan: account.plan, credits: account.credits } });
      },
    },
    '/__emulator/translator': {
      GET: async () => jsonReply(200, translatorView(state)),
      POST: async () => {
        const b = await body(req, TranslatorChangeSchema);
        if (isReply(b)) return b;
        if (b.key === undefined) state.translator.mode = b.mode;
        else if (state.accounts.some((a) => a.key === b.key)) state.translator.byKey.set(b.key, b.mode);
        else return errorReply(404, 'not_found', 'No account has that key.');
        return jsonReply(200, { ok: true, ...translatorView(state) });
      },
      DELETE: async () => (resetTranslator(state.translator), jsonReply(200, { ok: true, ...translatorView(state) })),
    },
    '/__emulator/config': {
      GET: async () => jsonReply(200, { config: state.config }),
      PATCH: async () => {
        const b = await body(req, ConfigChangeSchema);
        if (isReply(b)) return b;
        Object.assign(state.config, b);
        return jsonReply(200, { ok: true, config: state.config });
      },
    },
  };
  const route = routes[path];
  if (!route) return path.startsWith('/__emulator/') ? errorReply(404, 'not_found', `No control route ${path}.`) : null;
  const handler = route[method];
  if (!handler) {
    req.resume();
    return errorReply(405, 'method_not_allowed', `${method} is not allowed on ${path}.`, { Allow: Object.keys(route).join(', ') });
  }
  return handler();
}
