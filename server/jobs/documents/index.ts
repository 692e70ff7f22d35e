import type { DocumentType } from '../../schemas/export.ts';
import type { SourceContext } from '../sources/types.ts';
import { minutesDocument } from './minutes.ts';
import type { ExportDocument } from './types.ts';

/** The document of each document export type (issue 35). */
export const DOCUMENTS: Readonly<Record<DocumentType, (ctx: SourceContext) => Promise<ExportDocument>>> = {
  minutes: minutesDocument,
};
