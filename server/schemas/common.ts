import { Type, type TProperties, type TSchema } from 'typebox';

/** spec §9: list defaults page 1, page size 10; DESIGN.md §5: page_size max 1000. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;
/**
 * DESIGN.md §10: the OFFSET, (page − 1) × page_size, stays within what PostgreSQL takes. A million
 * pages of 1000 is 10⁹ rows (fits even an int4, let alone bigint, and a JavaScript safe integer),
 * far beyond any list (the largest chamber has ~80 k companies).
 */
export const MAX_PAGE = 1_000_000;

/** Row ids and versions are PostgreSQL `integer` (DESIGN.md §4): larger values are a 400, not a SQL error. */
export const RowId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
export const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const PagingQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: DEFAULT_PAGE })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
};

export const ListMetaSchema = Type.Object({
  page: Type.Integer(),
  page_size: Type.Integer(),
  total: Type.Integer(),
});

/** The chamber a list's rows belong to (DESIGN.md §4), added to each row by `expand=chamber`. */
export const ChamberRefSchema = Type.Object({
  cci_code: Type.String(),
  name: Type.String(),
  name_kana: Type.Union([Type.String(), Type.Null()]),
});

/** A list's item with the `chamber` every list may expand (lib/list-chamber.ts). */
const withChamber = <T extends TSchema>(item: T) =>
  Type.IsObject(item) ? Type.Object({ ...(item.properties as TProperties), chamber: Type.Optional(ChamberRefSchema) }) : item;

export const listOf = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(withChamber(item)), meta: ListMetaSchema });

export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.String(),
    errors: Type.Array(Type.Object({ field: Type.String(), code: Type.String(), message: Type.String() })),
  },
  { additionalProperties: true },
);

/**
 * Required text a person types (names, titles): at least one visible character. `\S` excludes
 * every Unicode space, the ideographic space U+3000 of Japanese IMEs included, so blanks alone are a
 * 400 (`pattern`). Not trimmed: the server changes text only where DESIGN.md §5 says (codes,
 * digits, e-mail), and a name is stored as typed.
 */
export const RequiredText = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

/** null or the value; in a body, '' here is read as null (lib/request-validation.ts). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

/** The problem+json responses a route documents, e.g. `problemResponses(400, 401, 403)`. */
export const problemResponses = <const S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, ProblemSchema])) as Record<S, typeof ProblemSchema>;
