import * as z from 'zod/mini';
import { text } from '../schema-fields';
import type { SenderKind } from './sender';

/**
 * The rule of the page-translation note (see protocol.ts, pageTranslationNote), on its own: the
 * page translation's script checks what it receives with it without taking in the whole protocol.
 */
export const pageTranslationNoteRule = {
  input: z.strictObject({ note: z.nullable(text(1, 500)) }),
  from: ['extension'],
} as const satisfies { input: z.ZodMiniType; from: readonly SenderKind[] };
