/**
 * Master types the browser offers (spec §3, DESIGN §4). The API accepts any type code; these are
 * the ones the product stores. CCI_CONFERENCE_TEMPLATE is answered by the templates' own route
 * (rows carry conference_template_code instead of master_code, and no sort_order).
 */
export const POSITION_TYPE_MASTER = 'cci_position_type';
export const CONFERENCE_TEMPLATE_MASTER = 'CCI_CONFERENCE_TEMPLATE';

export const MASTER_TYPES = [POSITION_TYPE_MASTER, CONFERENCE_TEMPLATE_MASTER] as const;
export type MasterType = (typeof MASTER_TYPES)[number];

export const isMasterType = (value: unknown): value is MasterType =>
  typeof value === 'string' && (MASTER_TYPES as readonly string[]).includes(value);

/** spec §3 position types (master type cci_position_type), in their usual order. */
export const POSITION_TYPES = [
  'CCI_OFFICER',
  'CCI_SECTION',
  'CCI_BRANCH',
  'CCI_COMMITTEE',
  'CCI_WOMEN_ASSOCIATION',
  'CCI_YOUTH_DIVISION',
] as const;
export type PositionType = (typeof POSITION_TYPES)[number];

/** A master row's code: master_code, or conference_template_code for template rows. */
export const masterCodeOf = (record: Record<string, unknown> | undefined): string => {
  const code = record?.master_code ?? record?.conference_template_code;
  return typeof code === 'string' ? code : '';
};
