/**
 * Command line entry: `npm run emulator -- --port <n> [--accounts <file.json>] [--latency-ms N] [--ms-per-char N] [--translator phrasebook|realistic]`.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { DEFAULT_ACCOUNTS, startEmulator, type EmulatorAccount } from './server.ts';
import { TRANSLATOR_MODES, type TranslatorMode } from './translator-mode.ts';

/** Port used when --port is not given (0 picks a random free port). */
const DEFAULT_PORT = 4545;

const AccountsFileSchema = z
  .array(
    z.strictObject({
      key: z.string().min(1),
      plan: z.enum(['free', 'pro', 'enterprise']),
      credits: z.number().int().min(0),
      email: z.string().min(3),
      voices: z.number().int().min(0).optional(),
    }),
  )
  .min(1)
  .refine((list) => new Set(list.map((a) => a.key)).size === list.length, 'Account keys must be unique.');

/** Reads and validates an accounts file, exiting with a readable message when it is wrong. */
async function loadAccounts(file: string): Promise<EmulatorAccount[]> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch (e) {
    fail(`Cannot read the accounts file ${file}: ${(e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (e) {
    fail(`The accounts file ${file} is not valid JSON: ${(e as Error).message}`);
  }
  const result = AccountsFileSchema.safeParse(json);
  if (!result.success) {
    fail(`The accounts file ${file} must be a JSON array of { "key", "plan" (free|pro|enterprise), "credits", "email" }:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** A non-negative number option, or exit with a message naming the flag. */
function numberOption(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) fail(`--${name} must be a non-negative number, got "${value}".`);
  return n;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        accounts: { type: 'string' },
        'latency-ms': { type: 'string' },
        'ms-per-char': { type: 'string' },
        translator: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    fail(`${(e as Error).message}\nUsage: npm run emulator -- --port <n> [--accounts <file.json>] [--latency-ms N] [--ms-per-char N] [--translator phrasebook|realistic]`);
  }
  if (values.help) {
    console.log('Usage: npm run emulator -- --port <n> [--accounts <file.json>] [--latency-ms N] [--ms-per-char N] [--translator phrasebook|realistic]\nSee emulator/README.md.');
    return;
  }
  const port = numberOption('port', values.port, DEFAULT_PORT);
  if (!Number.isInteger(port) || port > 65535) fail(`--port must be an integer from 0 to 65535, got "${values.port}".`);
  const translator = (values.translator ?? 'phrasebook') as TranslatorMode;
  if (!TRANSLATOR_MODES.includes(translator)) fail(`--translator must be ${TRANSLATOR_MODES.join(' or ')}, got "${values.translator}".`);
  const accounts = values.accounts ? await loadAccounts(values.accounts) : DEFAULT_ACCOUNTS;
  let emulator;
  try {
    emulator = await startEmulator({
      port,
      accounts,
      latencyMs: numberOption('latency-ms', values['latency-ms'], 0),
      msPerChar: numberOption('ms-per-char', values['ms-per-char'], 0),
      translator,
      log: (line) => console.log(`${new Date().toISOString()} ${line}`),
    });
  } catch (e) {
    fail(`Could not start the emulator: ${(e as Error).message}`);
  }
  console.log(`Service emulator listening on ${emulator.url}${translator === 'realistic' ? ' (realistic translator)' : ''}`);
  for (const a of emulator.accounts) {
    console.log(`  key ${a.key.padEnd(18)} plan ${a.plan.padEnd(10)} credits ${a.credits}${a.voices ? ` (sees ${a.voices} voices)` : ''}`);
  }
  console.log('Control routes under /__emulator/ (see emulator/README.md). Ctrl+C to stop.');
  const stop = (): void => {
    void emulator.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
