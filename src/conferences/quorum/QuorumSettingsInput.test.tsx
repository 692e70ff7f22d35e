/**
 * The conference form's 定足数 section (issue 14) against MSW: the switch, 基準 固定数 with the live
 * 「75名の過半数 = 38名」, the presets and その他, the Japanese validation, what the PUT sends, and
 * the server's 422 quorum_fraction_invalid in Japanese.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { renderAdmin } from '../../common/testing/renderAdmin';
import conferences from '..';
import { API, detail, signIn } from '../test/fixtures';
import type { Conference } from '../types';

const WAIT = { timeout: 5000 };

const setup = (overrides: Partial<Conference> = {}) => {
  signIn();
  const bodies: Array<Record<string, unknown>> = [];
  server.use(
    http.get(`${API}/conferences/1`, () => HttpResponse.json(detail({ quorum: null, ...overrides }))),
    http.put(`${API}/conferences/1`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return HttpResponse.json({ ...detail(), ...body, version: 5 });
    }),
  );
  renderAdmin('/conferences/1', { conferences });
  return bodies;
};

const section = async () => screen.findByRole('region', { name: '定足数' }, WAIT);

describe('定足数 settings', () => {
  it('fixed basis 75 with the presets: explains 38 and 50 and saves the chosen one', async () => {
    const bodies = setup();
    const user = userEvent.setup();
    const quorum = await section();
    await waitFor(() => expect(within(quorum).getByRole('switch', { name: '定足数を数える' })).not.toBeChecked(), WAIT);

    await user.click(within(quorum).getByRole('switch', { name: '定足数を数える' }));
    expect(within(quorum).getByRole('radio', { name: '招待した本人の数' })).toBeChecked();
    expect(within(quorum).getByRole('radio', { name: '過半数' })).toBeChecked();
    expect(within(quorum).getByRole('status')).toHaveTextContent('招待した本人の数の過半数。');

    await user.click(within(quorum).getByRole('radio', { name: '固定数（議員定数など）' }));
    await user.type(within(quorum).getByLabelText('基準の人数 *'), '75');
    expect(within(quorum).getByRole('status')).toHaveTextContent('75名の過半数 = 38名');

    await user.click(within(quorum).getByRole('radio', { name: '3分の2以上' }));
    expect(within(quorum).getByRole('status')).toHaveTextContent('75名の3分の2以上 = 50名');

    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies).toHaveLength(1), WAIT);
    expect(bodies[0].quorum).toEqual({ basis: 75, numerator: 2, denominator: 3, rule: 'at_least', count_delegates: true });
  }, 30_000);

  it('その他: refuses a numerator above the denominator in Japanese, then saves 3/5 超', async () => {
    const bodies = setup({ quorum: { basis: 75, numerator: 1, denominator: 2, rule: 'more_than', count_delegates: false } });
    const user = userEvent.setup();
    const quorum = await section();
    await waitFor(() => expect(within(quorum).getByRole('radio', { name: '過半数' })).toBeChecked(), WAIT);
    expect(within(quorum).getByRole('status')).toHaveTextContent('75名の過半数 = 38名');

    await user.click(within(quorum).getByRole('radio', { name: 'その他' }));
    const numerator = within(quorum).getByLabelText('分子 *');
    const denominator = within(quorum).getByLabelText('分母 *');
    await user.clear(denominator);
    await user.type(denominator, '3');
    await user.clear(numerator);
    await user.type(numerator, '4');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await within(quorum).findByText('分子は分母以下にしてください', {}, WAIT)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    // 超 3/3 (more than all) is never reached
    await user.clear(numerator);
    await user.type(numerator, '3');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await within(quorum).findByText(/分子と分母が同じときは「以上」を選んでください/, {}, WAIT)).toBeInTheDocument();
    expect(within(quorum).getByRole('status')).toBeEmptyDOMElement();
    expect(bodies).toHaveLength(0);

    await user.clear(denominator);
    await user.type(denominator, '5');
    await user.clear(numerator);
    await user.type(numerator, '3');
    await user.click(within(quorum).getByRole('radio', { name: '超（より多い）' }));
    expect(within(quorum).getByRole('status')).toHaveTextContent('75名の5分の3超 = 46名');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies).toHaveLength(1), WAIT);
    expect(bodies[0].quorum).toEqual({ basis: 75, numerator: 3, denominator: 5, rule: 'more_than', count_delegates: false });
  }, 30_000);

  it('turning it off saves null; a 422 quorum_fraction_invalid is told in Japanese', async () => {
    const bodies = setup({
      quorum: { basis: 'invited_principals', numerator: 2, denominator: 3, rule: 'at_least', count_delegates: true },
    });
    server.use(
      http.put(`${API}/conferences/1`, async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Unprocessable',
            status: 422,
            code: 'quorum_fraction_invalid',
            detail: 'invalid',
            errors: [{ field: 'body.quorum', code: 'quorum_fraction_invalid', message: '定足数の割合は全体以下にしてください' }],
          },
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        );
      }),
    );
    const user = userEvent.setup();
    const quorum = await section();
    const toggle = within(quorum).getByRole('switch', { name: '定足数を数える' });
    await waitFor(() => expect(toggle).toBeChecked(), WAIT);
    expect(within(quorum).getByRole('radio', { name: '3分の2以上' })).toBeChecked();

    await user.click(within(quorum).getByRole('switch', { name: '委任状を出席に含める' }));
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('定足数の割合は、分子を分母以下の数にしてください。', {}, WAIT)).toBeInTheDocument();
    // spec §9 retries a 422 like a 409: every attempt sent the same body
    const firstSave = bodies.length;
    expect(bodies[0].quorum).toMatchObject({ count_delegates: false });
    expect(within(quorum).getByText('定足数の割合は全体以下にしてください')).toBeInTheDocument();

    await user.click(toggle);
    expect(within(quorum).queryByRole('radio', { name: '3分の2以上' })).not.toBeInTheDocument();
    // the refusal was about the setting just changed: it no longer blocks the save
    await waitFor(() => expect(within(quorum).queryByText('定足数の割合は全体以下にしてください')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies.length).toBeGreaterThan(firstSave), WAIT);
    expect(bodies[firstSave].quorum).toBeNull();
  }, 30_000);
});
