/** Opening the desk in the whole app, and reading what it shows. */
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../test/renderApp';
import { FakeEventSource } from '../../../room/test/fakeEventSource';
import { signIn } from '../../test/fixtures';

const WAIT = { timeout: 10_000 };

export const openDesk = async () => {
  signIn('CCI_CONFERENCE_USER');
  FakeEventSource.install();
  renderApp('/conferences/1/reception');
  expect(await screen.findByRole('heading', { level: 1, name: '受付: 通常議員総会' }, WAIT)).toBeInTheDocument();
  await screen.findAllByTestId('reception-row', {}, WAIT);
};

/** The list row showing `name`. */
export const rowOf = (name: string): HTMLElement => {
  const found = screen.getAllByTestId('reception-row').find((el) => within(el).queryByText(name));
  if (!found) throw new Error(`no row shows ${name}`);
  return found;
};

export const countsShown = () => ({
  expected: screen.getByTestId('count-expected').textContent,
  checked_in: screen.getByTestId('count-checked_in').textContent,
  not_arrived: screen.getByTestId('count-not_arrived').textContent,
});
