import { Type, type Static } from 'typebox';
import { IMPORT_TYPES } from '../db/schema.ts';

/** GET /v1/cci/{cci_code}/import/template?type=: the lists an import reads (DESIGN.md §11.4). */
export const ImportTemplateQuery = Type.Object({ type: Type.Enum(IMPORT_TYPES) }, { additionalProperties: false });
export type ImportTemplateQuery = Static<typeof ImportTemplateQuery>;
