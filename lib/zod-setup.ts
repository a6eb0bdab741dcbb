import * as z from 'zod/mini';

/**
 * zod 4 compiles parsers with `new Function` unless told not to; extension pages forbid eval
 * under their content security policy. Import this first in every entrypoint. (The setting is
 * global: it applies to schemas built with `zod` and `zod/mini` alike.)
 */
z.config({ jitless: true });
