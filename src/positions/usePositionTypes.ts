/**
 * The position types (spec §3) with their Japanese names from the chamber's master data
 * (GET /v1/cci/{cci_code}/master/cci_position_type through the dataProvider's master_data), in
 * its sort order. Until it is loaded, or if it cannot be read, the built-in names
 * (kaigi.positions.types.*) stand in. Other screens may use it (e.g. invite by position type).
 *
 *   const { choices, nameOf } = usePositionTypes();   <SelectInput choices={choices} />
 */
import { useCallback, useMemo } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { useSession } from '../session/useSession';
import { POSITION_TYPES, POSITION_TYPE_MASTER } from './types';
import type { MasterDataList } from '../api/schema';

export interface PositionTypeChoice {
  id: string;
  name: string;
}

/** A master data row as asked for, without `fields`: whole. */
type MasterRow = Required<MasterDataList['data'][number]>;

export const usePositionTypes = () => {
  const translate = useTranslate();
  const session = useSession();
  const cciCode = session.cciUser?.cci_code;
  const { data, isPending } = useGetList<MasterRow>(
    'master_data',
    {
      filter: { master_type_code: POSITION_TYPE_MASTER },
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'sort_order', order: 'ASC' },
    },
    { enabled: !!cciCode, staleTime: 10 * 60 * 1000 },
  );

  const choices = useMemo<PositionTypeChoice[]>(() => {
    const fromMaster = (data ?? []).filter((row) => (POSITION_TYPES as readonly string[]).includes(row.master_code));
    if (fromMaster.length > 0) {
      const known = new Set(fromMaster.map((row) => row.master_code));
      return [
        ...fromMaster.map((row) => ({ id: row.master_code, name: row.name })),
        // a type missing from the master still gets its built-in name
        ...POSITION_TYPES.filter((code) => !known.has(code)).map((code) => ({
          id: code,
          name: translate(`kaigi.positions.types.${code}`),
        })),
      ];
    }
    return POSITION_TYPES.map((code) => ({ id: code, name: translate(`kaigi.positions.types.${code}`) }));
  }, [data, translate]);

  const nameOf = useCallback(
    (code: string | null | undefined) => (code ? (choices.find((c) => c.id === code)?.name ?? code) : ''),
    [choices],
  );

  return { choices, nameOf, isPending: !!cciCode && isPending };
};
