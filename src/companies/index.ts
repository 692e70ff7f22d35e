/**
 * 事業所 (issue 4 §3): list (keyword, code), create, edit (versioned, 409 reload), show for
 * read-only users. Views are lazy so the first load stays small (DESIGN.md §9).
 */
import { lazy } from 'react';
import BusinessIcon from '@mui/icons-material/Business';
import type { RaRecord } from 'react-admin';
import { companyName, type Company } from './types';

const resource = {
  list: lazy(() => import('./CompanyList')),
  create: lazy(() => import('./CompanyCreate')),
  edit: lazy(() => import('./CompanyEdit')),
  show: lazy(() => import('./CompanyShow')),
  icon: BusinessIcon,
  recordRepresentation: (record: RaRecord) => companyName(record as Partial<Company>),
};
export default resource;
