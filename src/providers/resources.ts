/**
 * react-admin resource name → API collection path (spec §7). Chamber resources are routed at the
 * SPA root (/companies, /conferences, …), company-audience resources under /company/… .
 * Add a <Resource name=…> in App.tsx and its path here; permissions live in access/permissions.ts.
 */
export const RESOURCE_PATHS: Readonly<Record<string, string>> = {
  // chamber staff, admin sub-area (master data)
  companies: '/v1/cci/admin/master/companies',
  conferences: '/v1/cci/admin/master/conferences',
  conference_companies: '/v1/cci/admin/master/conference_companies',
  conference_members: '/v1/cci/admin/master/conference_members',
  members: '/v1/cci/admin/master/members',
  positions: '/v1/cci/admin/master/positions',
  users: '/v1/cci/admin/master/users',
  notifications: '/v1/cci/admin/master/notifications',
  // company users
  'company/conferences': '/v1/company/conferences',
  'company/conference_companies': '/v1/company/conference_companies',
  'company/conference_members': '/v1/company/conference_members',
  'company/companies': '/v1/company/companies',
};

export const resourcePath = (resource: string): string => {
  const path = RESOURCE_PATHS[resource];
  if (!path) throw new Error(`no API path for resource "${resource}"`);
  return path;
};
