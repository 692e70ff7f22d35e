/**
 * 会議 (issue 4 §3): list, create (from a template or blank, with sub-conferences) and edit with
 * the invitees, answers and invited-companies tabs. Views are lazy so the first load stays small
 * (DESIGN.md §9).
 */
import { lazy } from 'react';
import EventIcon from '@mui/icons-material/Event';
import type { RaRecord } from 'react-admin';

const resource = {
  list: lazy(() => import('./ConferenceList')),
  create: lazy(() => import('./ConferenceCreate')),
  edit: lazy(() => import('./ConferenceEdit')),
  icon: EventIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
export default resource;
