/**
 * Position types as choices with the chamber's Japanese names from master data cci_position_type
 * (spec §3), in its sort order. Until the names arrive (or if the chamber has none) the spec's
 * codes are offered with our default Japanese names, so a form is never blocked by the look-up.
 */
import { useMemo } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { POSITION_TYPE_MASTER, POSITION_TYPES } from './masterTypes';
import { useCciCode } from './useCciCode';

export interface PositionTypeChoice {
  id: string;
  name: string;
}

export const usePositionTypeChoices = (): { choices: PositionTypeChoice[]; isPending: boolean } => {
  const translate = useTranslate();
  const cciCode = useCciCode();
  const { data, isPending } = useGetList(
    'master_data',
    {
      filter: { master_type_code: POSITION_TYPE_MASTER },
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'sort_order', order: 'ASC' },
    },
    { enabled: cciCode !== null, staleTime: 5 * 60_000 },
  );
  const choices = useMemo(() => {
    const known = (POSITION_TYPES as readonly string[]).map((code) => ({
      id: code,
      name: translate(`kaigi.master_data.position_types.${code}`),
    }));
    if (!data || data.length === 0) return known;
    const fromMaster = data
      .filter((row) => typeof row.master_code === 'string' && (POSITION_TYPES as readonly string[]).includes(row.master_code))
      .map((row) => ({ id: row.master_code as string, name: String(row.name ?? row.master_code) }));
    // keep every spec code selectable even if the chamber's master lacks one
    const missing = known.filter((choice) => !fromMaster.some((row) => row.id === choice.id));
    return [...fromMaster, ...missing];
  }, [data, translate]);
  return { choices, isPending: cciCode === null || isPending };
};
