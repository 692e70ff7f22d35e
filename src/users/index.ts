/**
 * Users of the chamber (issue 4 §3): list and show for both chamber roles, edit for CCI_ADMIN
 * (access/permissions.ts; react-admin hides the edit actions and guards the route through canAccess).
 * Records are keyed by username (the dataProvider sets id = username).
 */
import { lazy } from 'react';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import type { RaRecord } from 'react-admin';

const resource = {
  list: lazy(() => import('./UserList')),
  // staff accounts (DESIGN.md §6); react-admin offers 作成 only where canAccess(users, create)
  create: lazy(() => import('./UserCreate')),
  edit: lazy(() => import('./UserEdit')),
  show: lazy(() => import('./UserShow')),
  icon: ManageAccountsIcon,
  recordRepresentation: (record: RaRecord) => String(record.display_name ?? record.email ?? record.username ?? ''),
};
export default resource;
