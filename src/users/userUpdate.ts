import type { Role, UserUpdate } from '../api/schema';

/**
 * The body of PUT /v1/cci/admin/master/users/{username} (the `UserUpdate` component):
 * only version, user_type, company_id, enabled and display_name — the schema refuses anything
 * else. company_id is sent for COMPANY_ADMIN and null for the chamber roles (else 422
 * invalid_company); an empty display name is null.
 */

export const toUserUpdate = (
  input: Record<string, unknown>,
  options: { previousData?: Record<string, unknown> } = {},
): UserUpdate => {
  // a read-only input may be left out of the submitted values: keep the record's value then
  const data = { ...options.previousData, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) };
  const name = typeof data.display_name === 'string' ? data.display_name.trim() : '';
  const companyId = Number(data.company_id);
  return {
    version: Number(data.version),
    user_type: String(data.user_type) as Role,
    company_id: data.user_type === 'COMPANY_ADMIN' && Number.isInteger(companyId) && companyId > 0 ? companyId : null,
    enabled: data.enabled === true,
    display_name: name === '' ? null : name,
  };
};
