/** Portal test data in the API's shapes (server/schemas/conference.ts). Times: Asia/Tokyo = UTC+9. */
import type { CompanyConference, CompanyInvitee, CompanySubConference } from '../api';

/** 2026-11-11 (水) 09:00 JST */
export const NOW = new Date('2026-11-11T00:00:00Z');

const stamp = { created_at: '2026-10-01T00:00:00.000Z', updated_at: '2026-10-01T00:00:00.000Z' };

export const conferenceRow = (over: Partial<CompanySubConference> = {}): CompanySubConference => ({
  id: 10,
  cci_code: 'demo',
  parent_id: null,
  template_id: null,
  name: '第75回 通常議員総会',
  event_date: '2026-11-21T05:00:00.000Z', // 2026年11月21日(土) 14:00
  end_at: '2026-11-21T07:00:00.000Z',
  place: 'デモ商工会議所会館 5階 大ホール',
  answer_deadline: '2026-11-14T08:00:00.000Z', // 2026年11月14日(土) 17:00, あと3日
  status: 'published',
  description: '議題：令和8年度事業計画について',
  allow_delegate: true,
  version: 1,
  answer_status: 'unanswered',
  answer_content: null,
  ...stamp,
  ...over,
});

export const invitee = (
  over: Partial<CompanyInvitee> & Pick<CompanyInvitee, 'id' | 'conference_id' | 'member_id'>,
): CompanyInvitee => ({
  company_id: 42,
  category: 'principal',
  answer_content: null,
  proxy_name: null,
  proxy_title: null,
  sort: 1,
  answered_at: null,
  answer_channel: null,
  version: 1,
  member: { name: '山田 太郎', name_kana: 'ヤマダ タロウ', title: '代表取締役社長' },
  ...over,
});

export const TARO = { name: '山田 太郎', name_kana: 'ヤマダ タロウ', title: '代表取締役社長' };
export const HANAKO = { name: '山田 花子', name_kana: 'ヤマダ ハナコ', title: '専務取締役' };

/**
 * 総会 (id 10, 委任状可) with its 懇親会 (id 11, no 委任状). 山田 太郎 is invited to both (cm 101, 102),
 * 山田 花子 as 随行 to the 懇親会 only (cm 103).
 */
export const assemblyDetail = (
  over: {
    parent?: Partial<CompanySubConference>;
    sub?: Partial<CompanySubConference>;
    members?: Partial<Record<number, Partial<CompanyInvitee>>>;
  } = {},
): CompanyConference => {
  const sub = conferenceRow({
    id: 11,
    parent_id: 10,
    name: '懇親会',
    event_date: '2026-11-21T07:30:00.000Z', // 16:30
    end_at: '2026-11-21T09:30:00.000Z',
    place: 'ホテルデモ 2階 宴会場',
    description: null,
    allow_delegate: false,
    ...over.sub,
  });
  const members = [
    invitee({ id: 101, conference_id: 10, member_id: 1, member: TARO, ...over.members?.[101] }),
    invitee({ id: 102, conference_id: 11, member_id: 1, member: TARO, ...over.members?.[102] }),
    invitee({ id: 103, conference_id: 11, member_id: 2, category: 'companion', sort: 2, member: HANAKO, ...over.members?.[103] }),
  ];
  return {
    ...conferenceRow({ attachments: [{ key: 'demo/agenda.pdf', name: '議事次第.pdf', size: 123_456 }], ...over.parent }),
    sub_conferences: [sub],
    members,
  };
};
