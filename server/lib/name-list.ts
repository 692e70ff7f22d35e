/**
 * Comma lists of names in a list query (DESIGN.md §5, spec §3): `fields=id,name`, `expand=company`,
 * `sort=-event_date,id`. The allowed names live in the schema under the `x-names` keyword (the OpenAPI
 * document shows them); the Ajv keyword below refuses a name outside them with a 400 that names it
 * (a regular-expression pattern would only say "does not match").
 */
import { Type, type TString } from 'typebox';
import type { KeywordDefinition } from 'ajv';
import { PagingQuery } from '../schemas/common.ts';

export const NAMES_KEYWORD = 'x-names';

interface NamesOption {
  names: string[];
  /** sort keys: each name may carry a leading '-' (descending) */
  signed?: boolean;
}

/** The schema of a comma list of `names`; `signed` allows `-name` (sort). */
export const nameList = (names: readonly string[], signed = false, maxLength = 1000): TString =>
  Type.String({
    minLength: 1,
    maxLength,
    description: `カンマ区切り${signed ? '（先頭の - は降順）' : ''}: ${names.join(', ')}`,
    [NAMES_KEYWORD]: { names: [...names], ...(signed ? { signed } : {}) } satisfies NamesOption,
  });

/** `expand=chamber`, which every list takes (lib/list-chamber.ts). */
export const CHAMBER_EXPAND = 'chamber';

/**
 * The common list parameters of spec §3 for a list's querystring schema (lib/list-query.ts builds
 * them from a ListSpec; the lists with a query of their own spread them in): `sort` by the sortable
 * names, `fields` of the item, `expand` of the list's relations and the chamber.
 */
export function commonListQuery(names: { sortable: readonly string[]; fields: readonly string[]; expand?: readonly string[] }) {
  return {
    ...PagingQuery,
    sort: Type.Optional(nameList(names.sortable, true, 300)),
    cci_code: Type.Optional(Type.String({ maxLength: 20 })),
    keyword: Type.Optional(Type.String({ maxLength: 200 })),
    fields: Type.Optional(nameList(names.fields)),
    expand: Type.Optional(nameList([...(names.expand ?? []), CHAMBER_EXPAND], false, 200)),
  };
}

/** The names of a valid comma list (the schema has refused anything else). */
export const namesOf = (value: unknown): string[] => (typeof value === 'string' ? value.split(',') : []);

interface NamesValidate {
  (option: NamesOption, data: string): boolean;
  errors?: Array<{ keyword: string; message: string; params: Record<string, unknown> }>;
}

const validate: NamesValidate = (option, data) => {
  const unknown = data
    .split(',')
    .map((name) => (option.signed && name.startsWith('-') ? name.slice(1) : name))
    .filter((name) => !option.names.includes(name));
  if (unknown.length === 0) return true;
  validate.errors = [
    {
      keyword: 'unknown_name',
      message: `指定できない名前です: ${unknown.join(', ')}（指定できるもの: ${option.names.join(', ')}）`,
      params: { unknown },
    },
  ];
  return false;
};

/** The Ajv keyword of request validation (lib/request-validation.ts AJV_OPTIONS). */
export const namesKeyword: KeywordDefinition = {
  keyword: NAMES_KEYWORD,
  type: 'string',
  schemaType: 'object',
  errors: true,
  validate,
};
