import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { amplify } from '../test/amplifyMock';
import { FakeEventSource } from './test/fakeEventSource';
import { COMPANY_BASE, room, serveRoom } from './test/fixtures';
import { renderRoom, setWidth } from './test/renderRoom';

const KEY = 'kaigi.room.panels.company';
const toggle = (name: string) => within(screen.getByRole('group', { name: '表示するパネル' })).getByRole('button', { name });

const enter = async () => {
  const result = renderRoom({ kind: 'company', conferenceId: '10' });
  await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
  return result;
};

describe('RoomView (DESIGN.md §11.1; spec §3 panel toggles and layout open flag)', () => {
  beforeEach(() => {
    FakeEventSource.install();
    amplify.signInAs('COMPANY_ADMIN');
    setWidth(false);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('info panel: schedule, place, online URL in a new tab, description with line breaks, attachments, agenda with the current item', async () => {
    serveRoom(COMPANY_BASE);
    await enter();
    const info = screen.getByTestId('room-panel-info');
    expect(within(info).getByText('2026年11月21日(土) 14:00 〜 16:00')).toBeInTheDocument();
    expect(within(info).getByText('デモ商工会議所会館 5階 大ホール')).toBeInTheDocument();
    const meeting = within(info).getByRole('link', { name: /meet\.example\.jp/ });
    expect(meeting).toHaveAttribute('href', 'https://meet.example.jp/room/75');
    expect(meeting).toHaveAttribute('target', '_blank');
    expect(meeting).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(info).getByText(/議題：\s*令和8年度事業計画について/)).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(within(info).getByRole('link', { name: '議事次第.pdf' })).toHaveAttribute(
      'href',
      'https://files.example.jp/agenda.pdf?sig=1',
    );
    const agenda = within(info).getByRole('list', { name: '次第' });
    const current = within(agenda).getAllByRole('listitem')[1];
    expect(current).toHaveAttribute('aria-current', 'step');
    expect(current).toHaveTextContent('進行中令和8年度事業計画');
    expect(current).toHaveTextContent('発表：専務理事 30分');

    // the current item moves with the agenda event
    FakeEventSource.latest().emit('agenda', { current_agenda: 2, version: 4 }, 8);
    expect(within(agenda).getAllByRole('listitem')[2]).toHaveAttribute('aria-current', 'step');
    expect(within(agenda).getAllByRole('listitem')[1]).not.toHaveAttribute('aria-current');
  });

  it('status banner: 待機中（開始前です） before the start', async () => {
    serveRoom(COMPANY_BASE, { room: room({ status: 'waiting' }) });
    await enter();
    expect(screen.getByTestId('room-status')).toHaveTextContent('待機中（開始前です）');
  });

  it('panel toggles (aria-pressed) and the layout open flag survive a remount', async () => {
    serveRoom(COMPANY_BASE);
    const user = userEvent.setup();
    const first = await enter();
    expect(toggle('チャット')).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle('チャット'));
    expect(toggle('チャット')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByTestId('room-panel-chat')).not.toBeInTheDocument();
    expect(screen.getByTestId('room-panel-info')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'パネルを隠す' }));
    expect(screen.queryByTestId('room-panel-info')).not.toBeInTheDocument();
    // the stopwatch stays in view
    expect(screen.getByTestId('stopwatch-time')).toBeInTheDocument();
    first.unmount();

    await enter();
    const show = screen.getByRole('button', { name: 'パネルを表示' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('room-panel-info')).not.toBeInTheDocument();
    await user.click(show);
    expect(screen.getByTestId('room-panel-info')).toBeInTheDocument();
    expect(screen.getByTestId('room-panel-comment')).toBeInTheDocument();
    expect(screen.queryByTestId('room-panel-chat')).not.toBeInTheDocument();
    expect(toggle('チャット')).toHaveAttribute('aria-pressed', 'false');
    expect(JSON.parse(localStorage.getItem(KEY) ?? '')).toEqual({
      panels: { info: true, chat: false, comment: true },
      open: true,
    });
  });

  it('no toggle keeps its ✓ while the panels are hidden; one pressed then shows that panel alone (issue 29 §6)', async () => {
    serveRoom(COMPANY_BASE);
    const user = userEvent.setup();
    await enter();
    const pressed = () =>
      within(screen.getByRole('group', { name: '表示するパネル' }))
        .getAllByRole('button')
        .map((b) => [b.textContent, b.getAttribute('aria-pressed'), !!b.querySelector('[data-testid="CheckIcon"]')]);
    expect(pressed()).toEqual([
      ['会議情報', 'true', true],
      ['チャット', 'true', true],
      ['質問・意見', 'true', true],
    ]);
    await user.click(screen.getByRole('button', { name: 'パネルを隠す' }));
    expect(screen.queryByTestId('room-panel-info')).not.toBeInTheDocument();
    expect(pressed()).toEqual([
      ['会議情報', 'false', false],
      ['チャット', 'false', false],
      ['質問・意見', 'false', false],
    ]);

    await user.click(toggle('チャット'));
    expect(screen.getByTestId('room-panel-chat')).toBeInTheDocument();
    expect(screen.queryByTestId('room-panel-info')).not.toBeInTheDocument();
    expect(screen.queryByTestId('room-panel-comment')).not.toBeInTheDocument();
    expect(pressed()).toEqual([
      ['会議情報', 'false', false],
      ['チャット', 'true', true],
      ['質問・意見', 'false', false],
    ]);
    expect(screen.getByRole('button', { name: 'パネルを隠す' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('bad stored JSON: every panel shown', async () => {
    localStorage.setItem(KEY, '{not json');
    serveRoom(COMPANY_BASE);
    await enter();
    for (const id of ['info', 'chat', 'comment']) expect(screen.getByTestId(`room-panel-${id}`)).toBeInTheDocument();
  });

  it('at 375 px the panels are tabs, one at a time; the toggles choose which tabs exist', async () => {
    setWidth(true);
    serveRoom(COMPANY_BASE);
    const user = userEvent.setup();
    await enter();
    const tabs = screen.getByRole('tablist');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['会議情報', 'チャット', '質問・意見']);
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(screen.getByTestId('room-panel-info')).toBeInTheDocument();
    expect(screen.queryByTestId('room-panel-chat')).not.toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'チャット' }));
    expect(within(tabs).getByRole('tab', { name: 'チャット' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('room-panel-chat')).toBeInTheDocument();
    expect(screen.queryByTestId('room-panel-info')).not.toBeInTheDocument();

    await user.click(toggle('質問・意見'));
    expect(
      within(screen.getByRole('tablist'))
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['会議情報', 'チャット']);
  });

  it('staff slot: a column beside the panels', async () => {
    serveRoom(COMPANY_BASE);
    renderRoom({ kind: 'company', conferenceId: '10' }, { staffSlot: <p>運営の操作</p> });
    const staff = await screen.findByTestId('room-panel-staff');
    expect(within(staff).getByRole('heading', { name: '運営' })).toBeInTheDocument();
    expect(within(staff).getByText('運営の操作')).toBeInTheDocument();
  });
});
