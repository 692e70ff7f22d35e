/**
 * 役職 (issue 4 §3): list (type from master data, department, date), create, edit (versioned,
 * 409 reload), delete, and the bulk update of ranks and end dates in one transaction.
 * Views are lazy (DESIGN.md §9).
 */
import { lazy } from 'react';
import BadgeIcon from '@mui/icons-material/Badge';
import type { RaRecord } from 'react-admin';
import { positionLabel, type Position } from './types';

const resource = {
  list: lazy(() => import('./PositionList')),
  create: lazy(() => import('./PositionCreate')),
  edit: lazy(() => import('./PositionEdit')),
  icon: BadgeIcon,
  recordRepresentation: (record: RaRecord) => positionLabel(record as Partial<Position>),
};
export default resource;
