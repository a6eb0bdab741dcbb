/**
 * Small helpers for building and sending replies with node:http (no framework needed).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A fully built response, produced before anything is written so faults can rewrite it. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Send the headers (with the full Content-Length) and only this many bytes, then drop the connection. */
  cutAt?: number;
  /** The request stays charged although the reply is not a clean 200 (a service that fails after billing). */
  keepsCharge?: boolean;
}

/** Largest request body read; bigger ones are refused with 400 rather than buffered. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A JSON reply. */
export function jsonReply(status: number, value: unknown, extraHeaders: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...extraHeaders },
    body: Buffer.from(JSON.stringify(value)),
  };
}

/** The emulator's error shape: `{"error":{"code","message"}}` (the contract leaves it open). */
export function errorReply(status: number, code: string, message: string, extraHeaders: Record<string, string> = {}): Reply {
  return jsonReply(status, { error: { code, message } }, extraHeaders);
}

/** A reply with a raw body and content type. */
export function rawReply(status: number, contentType: string, body: string | Buffer, extraHeaders: Record<string, string> = {}): Reply {
  return { status, headers: { 'Content-Type': contentType, ...extraHeaders }, body: Buffer.isBuffer(body) ? body : Buffer.from(body) };
}

/** Writes a reply with an exact Content-Length (or cuts it off mid-body when `cutAt` says so). */
export function send(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(reply.body.length) });
  if (reply.cutAt === undefined) {
    res.end(reply.body);
    return;
  }
  // Headers and part of the body reach the client, then the connection breaks.
  res.write(reply.body.subarray(0, reply.cutAt), () => res.destroy());
}

/** Reads the request body; `tooLarge` when it exceeded MAX_BODY_BYTES (the rest is drained). */
export async function readBody(req: IncomingMessage): Promise<{ text: string; tooLarge: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) tooLarge = true;
    else chunks.push(chunk);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), tooLarge };
}

/** Parses a JSON object body, or says why it is not one. */
export function parseJsonObject(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The request body is not valid JSON.' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: 'The request body must be a JSON object.' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** Resolves after `ms` (immediately when ms <= 0). */
export function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve();
}
