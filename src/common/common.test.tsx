/**
 * Shared console building blocks: spec §9 dates with the Japanese weekday (§3 mapping), the
 * Japanese empty state, error messages of API problems, and the client validators that accept the
 * full-width input the server normalises (DESIGN §5).
 */
import { render, screen } from '@testing-library/react';
import {
  AdminContext,
  RecordContextProvider,
  ResourceContextProvider,
  ListContextProvider,
  type ListControllerResult,
} from 'react-admin';
import { testI18nProvider } from './testing/i18nProvider';
import { JaDateField } from './JaDateField';
import { ListEmpty } from './ListEmpty';
import { apiErrorMessage, isVersionConflict } from './apiErrors';
import { code, emailFormat, kana, notBefore, phone, postalCode } from './validators';

const inAdmin = (ui: React.ReactNode) => render(<AdminContext i18nProvider={testI18nProvider}>{ui}</AdminContext>);

describe('JaDateField (spec §9 formats, §3 weekdays)', () => {
  const record = { id: 1, day: '2026-11-21', at: '2026-11-21T05:00:00.000Z', none: null };

  it.each([
    ['date', 'day', '2026/11/21(土)'],
    ['dateJa', 'day', '2026年11月21日(土)'],
    ['datetime', 'at', '2026/11/21(土) 14:00'],
  ] as const)('format=%s shows %s as %s (instants in Asia/Tokyo)', (format, source, text) => {
    inAdmin(
      <RecordContextProvider value={record}>
        <JaDateField source={source} format={format} />
      </RecordContextProvider>,
    );
    const time = screen.getByText(text);
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', record[source]);
  });

  it('shows a dash when there is no date', () => {
    inAdmin(
      <RecordContextProvider value={record}>
        <JaDateField source="none" />
      </RecordContextProvider>,
    );
    expect(screen.getByText('—')).toBeInTheDocument();
  });
});

describe('ListEmpty', () => {
  const listContext = (filterValues: Record<string, unknown>) =>
    ({ filterValues, setFilters: vi.fn(), data: [], total: 0 }) as unknown as ListControllerResult;

  it('says in Japanese that nothing is registered yet', async () => {
    inAdmin(
      <ResourceContextProvider value="companies">
        <ListContextProvider value={listContext({})}>
          <ListEmpty />
        </ListContextProvider>
      </ResourceContextProvider>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('事業所はまだ登録されていません');
  });

  it('with filters, says nothing matches and offers to clear them', async () => {
    const context = listContext({ q: '商事' });
    inAdmin(
      <ResourceContextProvider value="companies">
        <ListContextProvider value={context}>
          <ListEmpty />
        </ListContextProvider>
      </ResourceContextProvider>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('条件に一致する事業所はありません');
    screen.getByRole('button', { name: '絞り込み条件をクリア' }).click();
    expect(context.setFilters).toHaveBeenCalledWith({}, []);
  });
});

describe('apiErrors', () => {
  it('uses the message of a known problem code, else the server detail, else the status message', () => {
    expect(apiErrorMessage({ code: 'user_exists', detail: 'x', message: 'kaigi.errors.http.generic' })).toBe(
      'kaigi.errors.codes.user_exists',
    );
    expect(apiErrorMessage({ code: 'company_not_found', detail: '指定された事業所が見つかりません。' })).toBe(
      '指定された事業所が見つかりません。',
    );
    expect(apiErrorMessage({ status: 502, message: 'kaigi.errors.http.bad_gateway' })).toBe('kaigi.errors.http.bad_gateway');
  });

  it('recognises a version conflict by its code', () => {
    expect(isVersionConflict({ status: 409, code: 'version_conflict', currentVersion: 4 })).toBe(true);
    expect(isVersionConflict({ status: 409, code: 'user_exists' })).toBe(false);
  });
});

describe('validators accept what the server normalises (NFKC)', () => {
  it.each([
    [emailFormat, 'ｙａｍａｄａ＠ｅｘａｍｐｌｅ．ｊｐ', undefined],
    [emailFormat, 'yamada@', 'kaigi.common.validation.email'],
    [postalCode, '１００－０００５', undefined],
    [postalCode, '1000005', undefined],
    [postalCode, '100-00', 'kaigi.common.validation.postal_code'],
    [postalCode, '４３０ー０９４４', undefined],
    [postalCode, '〒430-0944', undefined],
    [phone, '０５３ー４５２ー１１０１', undefined],
    [kana, 'やまだ　ﾀﾛｳ', undefined],
    [kana, 'ヴェルディ・ショウジ', undefined],
    [kana, '山田 タロウ', 'kaigi.common.validation.kana'],
    [kana, 'Yamada', 'kaigi.common.validation.kana'],
    [phone, '０３－１２３４－５６７８', undefined],
    // as offices write them (issue 33): parentheses, spaces, +81, full-width; the server stores 03-1234-5678
    [phone, '03(1234)5678', undefined],
    [phone, '（０５３）４３３－２６８１', undefined],
    [phone, '+81 53-433-2681', undefined],
    [phone, '053 433 2681', undefined],
    [phone, 'TEL 053-433-2681', 'kaigi.common.validation.phone'],
    [phone, '053-433', 'kaigi.common.validation.phone'],
    [code, 'Ｃ００１', undefined],
    [code, 'C 001', 'kaigi.common.validation.code'],
  ])('%#: %s', (validator, value, expected) => {
    expect(validator(value, {}, {})).toBe(expected);
  });

  it('notBefore: an end date before the start is refused', () => {
    const endAfterStart = notBefore('start_at');
    expect(endAfterStart('2026-03-31', { start_at: '2026-04-01' }, {})).toBe('kaigi.common.validation.period');
    expect(endAfterStart('2026-04-01', { start_at: '2026-04-01' }, {})).toBeUndefined();
    expect(endAfterStart('2026-03-31', { start_at: '' }, {})).toBeUndefined();
  });
});
