/**
 * 会員 (issue 4 §3): list (keyword, company, active_on), create, edit (versioned, 409 reload),
 * show, and creating the company's sign-in account from a member. Views are lazy (DESIGN.md §9).
 */
import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';
import { memberName, type Member } from './types';

const resource = {
  list: lazy(() => import('./MemberList')),
  create: lazy(() => import('./MemberCreate')),
  edit: lazy(() => import('./MemberEdit')),
  show: lazy(() => import('./MemberShow')),
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => memberName(record as Partial<Member>),
};
export default resource;
