/**
 * The mutable state of one running emulator, shared by the API pipeline and the control routes.
 */
import type { EmulatorAccount } from './accounts.ts';
import type { FaultQueue } from './faults.ts';
import type { RateLimiter } from './limits.ts';
import type { TranslatorSetting } from './translator-mode.ts';

/** One line of `GET /__emulator/log`. */
export interface LogEntry {
  id: number;
  /** ISO time the request arrived. */
  time: string;
  method: string;
  path: string;
  /** HTTP status sent, or 499 when the client went away before the response was sent. */
  status: number;
  /** Email of the authenticated account, or null. */
  account: string | null;
  /** Characters of `text` for tts/translate bodies, else null. */
  textLength: number | null;
  /** The first 80 characters of `text`, so tests can tell which part of a reading was asked for. */
  textStart: string | null;
  /** `language` (tts) or `target_language` (translate) as sent, else null. */
  language: string | null;
  /** `voice_id` of a tts request, else null. */
  voiceId: string | null;
  /** `speed` of a tts request as sent, else null. */
  speed: number | null;
  /** `format` of a tts request as sent, else null. */
  format: string | null;
  durationMs: number;
  hasAuthorization: boolean;
}

/** One line of `GET /__emulator/ledger`: a request whose credits the account kept paying for. */
export interface LedgerEntry {
  /** The request's log id (the same request in `GET /__emulator/log`). */
  id: number;
  /** ISO time the request arrived. */
  time: string;
  /** Email of the charged account. */
  account: string;
  path: string;
  /** Characters of the request's `text`. */
  textLength: number;
  /** The first 80 characters of `text`. */
  textStart: string;
  credits: number;
}

/** Everything a running emulator mutates. */
export interface EmulatorState {
  /** Live account objects (also exposed as `Emulator.accounts`). */
  accounts: EmulatorAccount[];
  /** Snapshot taken at start, restored by `POST /__emulator/reset`. */
  initialAccounts: EmulatorAccount[];
  config: { latencyMs: number; msPerChar: number; mp3LameTag: boolean };
  /** Which translation rule /translate follows, for everyone and per account key. */
  translator: TranslatorSetting;
  limiter: RateLimiter;
  faults: FaultQueue;
  log: LogEntry[];
  nextLogId: number;
  /** Every charge that was kept, oldest first (refunded requests never appear). */
  ledger: LedgerEntry[];
  /** Bumped by reset so refunds of requests started before it do not inflate restored balances. */
  epoch: number;
  /** Ends the extra wait of each request a `slow` fault holds now (`POST /__emulator/release`). */
  held: Set<() => void>;
}

/** Oldest log entries are dropped beyond this, so a long bench run cannot exhaust memory. */
export const MAX_LOG_ENTRIES = 10_000;
