/**
 * Injected faults: queued through the control API, consumed by the next matching requests.
 */
import { z } from 'zod';

/** The fault kinds the control route accepts. */
export const FAULT_TYPES = [
  'server-error',
  'slow',
  'malformed-json',
  'wrong-content-type',
  'truncated-audio',
  'rate-limit',
  'missing-fields',
  'charged-cut',
  'charged-error',
  'longer-translation',
  'merged-paragraphs',
] as const;
/** One of FAULT_TYPES. */
export type FaultType = (typeof FAULT_TYPES)[number];

/** Body of `POST /__emulator/faults`. */
export const FaultRequestSchema = z.strictObject({
  type: z.enum(FAULT_TYPES),
  path: z.string().startsWith('/').optional(),
  times: z.number().int().min(1).optional(),
  delayMs: z.number().int().min(0).optional(),
  /** `rate-limit` only: the Retry-After it sends, in seconds (default 2). */
  retryAfter: z.number().int().min(0).max(86_400).optional(),
});

/** A queued fault with its remaining uses. */
export interface Fault {
  type: FaultType;
  path: string;
  remaining: number;
  delayMs: number;
  retryAfter: number;
}

/** Which response kind an endpoint produces, to know which faults can apply to it. */
export type EndpointKind = 'json' | 'audio';

/** Faults that keep the charge although the client gets nothing usable: only paid endpoints. */
const CHARGED_FAULTS: ReadonlySet<FaultType> = new Set(['charged-cut', 'charged-error']);

/** Whether a fault type makes sense for an endpoint (others skip it and stay queued). */
function applies(type: FaultType, kind: EndpointKind, paid: boolean): boolean {
  if (CHARGED_FAULTS.has(type)) return paid;
  if (type === 'truncated-audio') return kind === 'audio';
  if (type === 'longer-translation' || type === 'merged-paragraphs') return kind === 'json' && paid;
  if (type === 'malformed-json' || type === 'missing-fields') return kind === 'json';
  return true;
}

/** The ordered fault queue. */
export class FaultQueue {
  private faults: Fault[] = [];

  /** Queues a fault (validated body of the control route). */
  add(req: z.infer<typeof FaultRequestSchema>): Fault {
    const fault: Fault = { type: req.type, path: req.path ?? '/api/v1/', remaining: req.times ?? 1, delayMs: req.delayMs ?? 10_000, retryAfter: req.retryAfter ?? 2 };
    this.faults.push(fault);
    return fault;
  }

  /** Takes one use of the first fault matching this request, if any. */
  take(path: string, kind: EndpointKind, paid = false): Fault | undefined {
    const fault = this.faults.find((f) => path.startsWith(f.path) && applies(f.type, kind, paid));
    if (!fault) return undefined;
    fault.remaining--;
    if (fault.remaining <= 0) this.faults.splice(this.faults.indexOf(fault), 1);
    return { ...fault };
  }

  /** The queue, for `GET /__emulator/faults`. */
  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  /** Drops every queued fault. */
  clear(): void {
    this.faults = [];
  }
}
