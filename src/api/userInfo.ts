/** Session calls (spec §7 "Users and session", "Companies"). */
import { httpClient as defaultClient, type HttpClient } from './httpClient';
import type { CciUserInfo, Company, CompanyList, CompanyUserInfo } from './schema';
import type { WholeList } from './wholeList';

export const CCI_USER_INFO_PATH = '/v1/cci/user_info';
export const COMPANY_USER_INFO_PATH = '/v1/company/user_info';
export const COMPANY_COMPANIES_PATH = '/v1/company/companies';

export const fetchCciUserInfo = (client: HttpClient = defaultClient) => client.get<CciUserInfo>(CCI_USER_INFO_PATH);

export const fetchCompanyUserInfo = (client: HttpClient = defaultClient) => client.get<CompanyUserInfo>(COMPANY_USER_INFO_PATH);

export class CompanyNotFoundError extends Error {
  constructor(companyId: number | string) {
    super(`company ${companyId} not found`);
    this.name = 'CompanyNotFoundError';
  }
}

/** The session loader reads the company through the list endpoint with `?id=` (spec §7). */
export const fetchCompany = async (companyId: number | string, client: HttpClient = defaultClient): Promise<Company> => {
  const list = await client.get<WholeList<CompanyList, Company>>(COMPANY_COMPANIES_PATH, {
    query: { id: companyId },
  });
  const company = list?.data?.find((c) => String(c.id) === String(companyId)) ?? list?.data?.[0];
  if (!company) throw new CompanyNotFoundError(companyId);
  return company;
};

/** Company user info, then its company. */
export const fetchCompanySession = async (client: HttpClient = defaultClient) => {
  const user = await fetchCompanyUserInfo(client);
  const company = await fetchCompany(user.company_id, client);
  return { user, company };
};
