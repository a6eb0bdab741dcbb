import { z } from 'zod';

/**
 * zod 4 compiles parsers with `new Function` unless told not to; extension pages forbid eval
 * under their content security policy. Import this first in every entrypoint.
 */
z.config({ jitless: true });
