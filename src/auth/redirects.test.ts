import {
  confirmAccountUrl,
  decodePrev,
  loginPathWithPrev,
  postLoginTarget,
  prevFromLocation,
  safeInternalPath,
} from './redirects';

describe('post-login redirects (spec §2)', () => {
  it('§2: goes to prev when present, else the landing page of the role (§6)', () => {
    expect(postLoginTarget({ role: 'CCI_ADMIN', prev: '/companies?page=2' })).toBe('/companies?page=2');
    expect(postLoginTarget({ role: 'CCI_ADMIN' })).toBe('/admin');
    expect(postLoginTarget({ role: 'CCI_CONFERENCE_USER' })).toBe('/admin');
    expect(postLoginTarget({ role: 'COMPANY_ADMIN' })).toBe('/company/meetings');
  });

  it('§2: the # in prev is escaped — %23 decodes back to #', () => {
    // /login?prev=/company/meetings%23answers  →  URLSearchParams gives '/company/meetings#answers'
    expect(prevFromLocation('?prev=/company/meetings%23answers')).toBe('/company/meetings#answers');
    // fully encoded by encodeURIComponent
    expect(prevFromLocation(`?prev=${encodeURIComponent('/a?x=1&y=2#top')}`)).toBe('/a?x=1&y=2#top');
    // double-escaped
    expect(prevFromLocation('?prev=/a%2523b')).toBe('/a#b');
    // unescaped # ended up in the login URL's own hash
    expect(prevFromLocation('?prev=/a', '#b')).toBe('/a#b');
  });

  it('§2: builds /login?prev= with the whole path escaped, including #', () => {
    expect(loginPathWithPrev({ pathname: '/company/meetings', search: '?p=1', hash: '#x' })).toBe(
      '/login?prev=%2Fcompany%2Fmeetings%3Fp%3D1%23x',
    );
    expect(loginPathWithPrev({ pathname: '/' })).toBe('/login');
  });

  it('§2: ignores prev that would leave the site or loop to /login', () => {
    expect(decodePrev('https://evil.example')).toBeNull();
    expect(decodePrev('//evil.example/x')).toBeNull();
    expect(decodePrev('/\\evil.example')).toBeNull();
    expect(decodePrev('/login?prev=/admin')).toBeNull();
    expect(safeInternalPath('/admin')).toBe('/admin');
    expect(postLoginTarget({ role: 'COMPANY_ADMIN', prev: 'https://evil.example' })).toBe('/company/meetings');
  });

  it('§2: redirect_client is the fallback between prev and the landing page', () => {
    expect(postLoginTarget({ role: 'CCI_ADMIN', prev: null, redirectClient: '/members' })).toBe('/members');
    expect(postLoginTarget({ role: 'CCI_ADMIN', prev: '/users', redirectClient: '/members' })).toBe('/users');
    expect(postLoginTarget({ role: 'CCI_ADMIN', redirectClient: 'http://x.example' })).toBe('/admin');
  });
});

describe('confirm-account rule (spec §4, §2)', () => {
  const company = (attributes: Record<string, unknown>) => ({ id: 42, version: 7, attributes });

  it('§4: admin_changed_info_flag "1" → hasChangePassword=true', () => {
    expect(confirmAccountUrl(company({ email: 'a@b.jp', admin_changed_info_flag: '1' }))).toBe(
      '/company/confirm-account?version=7&company_id=42&hasChangePassword=true',
    );
  });

  it('§4: no email (missing, null or blank) → hasAddEmail=true', () => {
    const expected = '/company/confirm-account?version=7&company_id=42&hasAddEmail=true';
    expect(confirmAccountUrl(company({ admin_changed_info_flag: '0' }))).toBe(expected);
    expect(confirmAccountUrl(company({ email: null, admin_changed_info_flag: '0' }))).toBe(expected);
    expect(confirmAccountUrl(company({ email: '  ', admin_changed_info_flag: '0' }))).toBe(expected);
  });

  it('§4: both flags together', () => {
    expect(confirmAccountUrl(company({ email: '', admin_changed_info_flag: '1' }))).toBe(
      '/company/confirm-account?version=7&company_id=42&hasChangePassword=true&hasAddEmail=true',
    );
  });

  it('§4: flag "0" and an email → no confirmation', () => {
    expect(confirmAccountUrl(company({ email: 'a@b.jp', admin_changed_info_flag: '0' }))).toBeNull();
  });
});
