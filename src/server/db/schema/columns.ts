/** Column helpers shared by the schema files (not tables: schema/index.ts does not re-export this file). */
import { bigint } from 'drizzle-orm/pg-core';

/** A money column: integer centavos, bigint in the database so no total can overflow. */
export const money = (name: string) => bigint(name, { mode: 'number' });
