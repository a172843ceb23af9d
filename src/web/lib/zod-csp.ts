/**
 * Zod compiles object parsers with `new Function` unless told not to, and decides so when each schema is built: the
 * page's Content-Security-Policy refuses eval and reports every attempt as a violation. Import this
 * module before any module that builds zod schemas (the shared contracts) in a chunk that parses with them.
 */
import { config } from 'zod';

config({ jitless: true });
