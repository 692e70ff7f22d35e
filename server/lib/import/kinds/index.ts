import type { ImportType } from '../../../db/schema.ts';
import { companiesKind } from './companies.ts';
import { membersKind } from './members.ts';
import { positionsKind } from './positions.ts';
import type { ImportKind } from './types.ts';

/** What each import type reads and how it checks and writes its rows (DESIGN.md §11.4). */
export const IMPORT_KINDS: Readonly<Record<ImportType, ImportKind>> = {
  companies: companiesKind,
  members: membersKind,
  positions: positionsKind,
};
