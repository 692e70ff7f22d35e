import { Type } from 'typebox';

/** GET /health: the process is up and the database answers. */
export const HealthSchema = Type.Object({ status: Type.Literal('ok'), database: Type.Literal('ok') });
