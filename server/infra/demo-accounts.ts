/** The demo sign-ins (issue "Foundation"); all share one password. Listed in the README. */
export const DEMO_PASSWORD = 'Kaigi#Demo2026';

export interface DemoAccount {
  email: string;
  userType: 'CCI_ADMIN' | 'CCI_CONFERENCE_USER' | 'COMPANY_ADMIN';
  displayName: string;
  /** company_code of the company a COMPANY_ADMIN answers for */
  companyCode?: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'cci-admin@example.com', userType: 'CCI_ADMIN', displayName: '会議所 管理太郎' },
  { email: 'cci-staff@example.com', userType: 'CCI_CONFERENCE_USER', displayName: '会議所 担当花子' },
  // company with an e-mail and admin_changed_info_flag '0'
  { email: 'company-admin@example.com', userType: 'COMPANY_ADMIN', displayName: '事業所 管理者', companyCode: 'C0001' },
  // company with admin_changed_info_flag '1' and no e-mail → /company/confirm-account (spec §4)
  { email: 'company-new@example.com', userType: 'COMPANY_ADMIN', displayName: '事業所 新規', companyCode: 'C0002' },
];
