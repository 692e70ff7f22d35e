/**
 * Authorization matrix (DESIGN.md §6), mirrored from the server. Pure function, no React or
 * browser imports: the API server may import this file as is.
 *
 * - CCI_ADMIN: everything in its chamber.
 * - CCI_CONFERENCE_USER: reads master data (companies, members, positions, users, conference
 *   templates, master codes); writes conferences, conference companies/members, exports, uploads.
 *   Users and templates are written by CCI_ADMIN only. Imports (取込) are CCI_ADMIN's alone.
 * - COMPANY_ADMIN: only the company audience (`/v1/company/...`): views its conferences, answers
 *   for its conference members, edits its own company, views its own info.
 *
 * Anything not listed is denied (deny by default). Ownership (a company admin acting only on its
 * own company / invited conferences, a chamber user only in its own cci_code) is a tenancy rule the
 * server enforces (403/404); it is not decidable from the role alone.
 */
import { type Role, isRole } from './roles.ts';

export type Action =
  | 'list'
  | 'show'
  | 'create'
  | 'edit'
  | 'delete'
  | 'export'
  | 'clone'
  /** Open a custom page (a route that is not a CRUD resource). */
  | 'access';

export const READ_ACTIONS: readonly Action[] = ['list', 'show', 'export', 'access'];
export const WRITE_ACTIONS: readonly Action[] = ['create', 'edit', 'delete', 'clone'];
const ALL_ACTIONS: readonly Action[] = [...READ_ACTIONS, ...WRITE_ACTIONS];

/** Custom pages, named by their route. */
export const PAGES = {
  adminDashboard: 'admin',
  companyMeetings: 'company/meetings',
  companyConfirmAccount: 'company/confirm-account',
} as const;

/** Chamber master data: read by both chamber roles, written by CCI_ADMIN. */
export const CHAMBER_MASTER_RESOURCES = [
  'companies',
  'members',
  'positions',
  'users',
  'conference_templates',
  'master_data',
] as const;

/** Chamber operations: read and written by both chamber roles. */
export const CHAMBER_OPERATION_RESOURCES = [
  'conferences',
  'conference_companies',
  'conference_members',
  'exports',
  'uploads',
  // the live room of a conference (issue 12, DESIGN.md §11.1): run it, moderate, issue links
  'conference_rooms',
  // the outbox of invitation, reminder, change and receipt mail, and staff-written messages (issue 13, DESIGN.md §11.2)
  'notifications',
  // the reception desk (check-ins, walk-ins) and the 定足数 board of a conference (issue 14, DESIGN.md §11.3)
  'conference_receptions',
  // 議案 and their 採決 (issue 34, DESIGN.md §12.1): motions, polls, the declared results
  'conference_motions',
  // the 議事録 of a conference (issue 35, DESIGN.md §12.2): draft, edit, correct, finalise, publish
  'conference_minutes',
] as const;

/**
 * CCI_ADMIN only: bringing a chamber's lists in (DESIGN.md §11.4); the chamber as the sender of its
 * mail (sender name, Reply-To, signature: issue 33).
 */
export const CHAMBER_ADMIN_RESOURCES = ['imports', 'chamber_settings'] as const;

/**
 * Company audience resources (react-admin resource names, routed under /company/...).
 * The value lists the actions a COMPANY_ADMIN may take.
 */
export const COMPANY_RESOURCES: Readonly<Record<string, readonly Action[]>> = {
  [PAGES.companyMeetings]: ['access'],
  [PAGES.companyConfirmAccount]: ['access'],
  'company/conferences': ['list', 'show'],
  'company/conference_companies': ['list', 'show'],
  // answering for its people is an edit of conference members; `show` includes the 受付票 (reception ticket)
  'company/conference_members': ['list', 'show', 'edit'],
  // its own company profile
  'company/companies': ['show', 'edit'],
  'company/user_info': ['show'],
  'company/master_data': ['list', 'show'],
  'company/uploads': ['show'],
  // the live room of an invited conference: enter it, chat, send comments (DESIGN.md §11.1)
  'company/conference_rooms': ['show', 'create'],
  // the published 議事録 of an invited conference (DESIGN.md §12.2)
  'company/conference_minutes': ['show'],
};

type Matrix = Record<Role, (resource: string, action: Action) => boolean>;

const isIn = (list: readonly string[], value: string) => list.includes(value);

const MATRIX: Matrix = {
  CCI_ADMIN: (resource, action) =>
    resource === PAGES.adminDashboard
      ? action === 'access'
      : (isIn(CHAMBER_MASTER_RESOURCES, resource) ||
          isIn(CHAMBER_OPERATION_RESOURCES, resource) ||
          isIn(CHAMBER_ADMIN_RESOURCES, resource)) &&
        ALL_ACTIONS.includes(action),
  CCI_CONFERENCE_USER: (resource, action) => {
    if (resource === PAGES.adminDashboard) return action === 'access';
    if (isIn(CHAMBER_OPERATION_RESOURCES, resource)) return ALL_ACTIONS.includes(action);
    if (isIn(CHAMBER_MASTER_RESOURCES, resource)) return READ_ACTIONS.includes(action);
    return false;
  },
  COMPANY_ADMIN: (resource, action) =>
    Object.prototype.hasOwnProperty.call(COMPANY_RESOURCES, resource) && COMPANY_RESOURCES[resource].includes(action),
};

export interface AccessRequest {
  resource: string;
  action: string;
  record?: unknown;
}

/**
 * May `role` perform `action` on `resource`? `record` is accepted for react-admin's
 * `canAccess` signature; record-level ownership is enforced by the server (see above).
 */
export const canAccess = (role: unknown, { resource, action }: AccessRequest): boolean => {
  if (!isRole(role)) return false;
  if (!(ALL_ACTIONS as readonly string[]).includes(action)) return false;
  return MATRIX[role](resource, action as Action);
};
