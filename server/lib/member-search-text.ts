import { buildSearchText } from '../db/normalize.ts';

/** A member's search_text: a keyword finds a member by its own name or kana and by its company. */
export const memberSearchText = (
  name: string,
  nameKana: string | null,
  companyCode: string,
  companyName: string | null | undefined,
) => buildSearchText(name, nameKana, companyCode, companyName);
