import { MASTER_TYPE_POSITION_TYPE, type NewMasterData, type PositionType } from '../../db/schema.ts';

/**
 * The master data every chamber starts with: the position types (cci_position_type, spec §3),
 * which members' positions, invitee rules and imports refer to. The demo seed and
 * `npm run chamber:create` both write these.
 */
export const POSITION_TYPE_MASTER: ReadonlyArray<readonly [PositionType, string]> = [
  ['CCI_OFFICER', '役員'],
  ['CCI_SECTION', '部会'],
  ['CCI_BRANCH', '支部'],
  ['CCI_COMMITTEE', '委員会'],
  ['CCI_WOMEN_ASSOCIATION', '女性会'],
  ['CCI_YOUTH_DIVISION', '青年部'],
];

export function defaultMasterData(cciCode: string, actor: string): NewMasterData[] {
  return POSITION_TYPE_MASTER.map(([code, name], i) => ({
    cci_code: cciCode,
    master_type_code: MASTER_TYPE_POSITION_TYPE,
    master_code: code,
    name,
    sort_order: i + 1,
    created_by: actor,
    updated_by: actor,
  }));
}
