/**
 * Role codes and the facts that hang off them (spec §1, §6). Pure: no React, no browser APIs,
 * so the API server can import it too.
 */
export const ROLES = ['CCI_ADMIN', 'CCI_CONFERENCE_USER', 'COMPANY_ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const CHAMBER_ROLES: readonly Role[] = ['CCI_ADMIN', 'CCI_CONFERENCE_USER'];

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

export const isChamberRole = (role: Role | null | undefined): boolean => role === 'CCI_ADMIN' || role === 'CCI_CONFERENCE_USER';

export const isCompanyRole = (role: Role | null | undefined): boolean => role === 'COMPANY_ADMIN';

/** Landing page per role (spec §6). */
export const LANDING_BY_ROLE: Record<Role, string> = {
  CCI_ADMIN: '/admin',
  CCI_CONFERENCE_USER: '/admin',
  COMPANY_ADMIN: '/company/meetings',
};

export const landingFor = (role: Role): string => LANDING_BY_ROLE[role];

/** Translation key of the Japanese role label (DESIGN §1: スーパー管理者 / 管理者 / 事業所). */
export const roleLabelKey = (role: Role): string => `kaigi.roles.${role}`;
