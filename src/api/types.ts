/**
 * Response shapes the SPA reads (spec §3, §7). When the server's TypeBox schemas exist
 * (server/schemas/), replace these with `import type` from there.
 */
import type { Role } from '../../access/roles';

export interface CciUserInfo {
  cci_code: string;
  username: string;
  user_type: Role;
  display_name?: string | null;
  email?: string | null;
}

export interface CompanyUserInfo {
  cci_code: string;
  username: string;
  user_type: Role;
  company_id: number;
  display_name?: string | null;
  email?: string | null;
}

export interface CompanyAttributes {
  name1?: string | null;
  email?: string | null;
  admin_changed_info_flag?: '0' | '1' | string | null;
  [key: string]: unknown;
}

export interface Company {
  id: number;
  company_code: string;
  version: number;
  attributes: CompanyAttributes;
}

export interface ListMeta {
  page: number;
  page_size: number;
  total: number;
}

export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}
