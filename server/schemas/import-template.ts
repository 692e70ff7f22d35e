import { Type, type Static } from 'typebox';

/** The lists an import reads (DESIGN.md §11.4). */
export const IMPORT_TEMPLATE_TYPES = ['companies', 'members', 'positions'] as const;
export type ImportTemplateType = (typeof IMPORT_TEMPLATE_TYPES)[number];

/** GET /v1/cci/{cci_code}/import/template?type= */
export const ImportTemplateQuery = Type.Object({ type: Type.Enum(IMPORT_TEMPLATE_TYPES) }, { additionalProperties: false });
export type ImportTemplateQuery = Static<typeof ImportTemplateQuery>;
