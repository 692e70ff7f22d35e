/**
 * A list as the SPA asks for it: without `fields`, so every row comes whole. The document's list
 * components allow any field left out (spec §3 `fields`); this puts the named row back.
 */
export type WholeList<List extends { data: unknown[] }, Row> = Omit<List, 'data'> & { data: Row[] };
