import type { LedgerEntry } from '../../emulator/state';

/*
 * The emulator's ledger, for the tests of both browsers (no test runner imported: the Firefox
 * suites run on their own).
 */

/** What the emulator charged, request by request, and the total per account email. */
export async function ledger(emulatorUrl: string): Promise<{ entries: LedgerEntry[]; total: Record<string, number> }> {
  const response = await fetch(`${emulatorUrl}/__emulator/ledger`);
  return (await response.json()) as { entries: LedgerEntry[]; total: Record<string, number> };
}

/** The first 80 characters of each text the emulator charged speech for, in the order charged. */
export async function spokenTexts(emulatorUrl: string): Promise<string[]> {
  return (await ledger(emulatorUrl)).entries.filter((e) => e.path === '/api/v1/tts').map((e) => e.textStart);
}
