/**
 * The 議事録 as text in the standard Japanese form (DESIGN.md §12.2): sections of lines, used by the
 * Word file (server/jobs/documents/minutes.ts), the diff between versions, the console's A4 print
 * view and the portal, so all say the same thing. The document's own words, not UI text. Dates in
 * 和暦, Asia/Tokyo, as 議事録 are written. A corrected figure says so, with its reason, on its own line.
 * Pure, no server or browser imports: the shapes below are those of server/schemas/minutes.ts.
 */
export type FigureValue = string | number | boolean | null;
export interface Figure {
  value: FigureValue;
  derived: FigureValue;
  reason: string | null;
}
export interface MinutesPerson {
  conference_member_id: number;
  name: string;
  company_name: string | null;
}
export interface MinutesContent {
  conference: { id: number; name: string; event_date: string };
  figures: Record<string, Figure>;
  agenda: Array<{ title: string; presenter: string | null }>;
  motions: Array<{ id: number; number: string; title: string }>;
  chair: MinutesPerson | null;
  signatories: MinutesPerson[];
  prose: Record<string, string>;
}

export interface MinutesSection {
  heading: string;
  lines: string[];
}

const dateTimeFormat = new Intl.DateTimeFormat('ja-JP-u-ca-japanese', {
  era: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Tokyo',
});
const timeFormat = new Intl.DateTimeFormat('ja-JP', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Tokyo' });

export const jaDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
const jaTime = (iso: string) => timeFormat.format(new Date(iso));

const UNKNOWN = '（記録なし）';
const RESULTS: Record<string, string> = { adopted: '原案のとおり可決', rejected: '否決' };

function show(value: FigureValue, as: 'count' | 'time' | 'dateTime' | 'text'): string {
  if (value === null || value === '') return UNKNOWN;
  if (typeof value === 'boolean') return value ? 'はい' : 'いいえ';
  if (as === 'count') return `${value}名`;
  if (as === 'time') return typeof value === 'string' ? jaTime(value) : String(value);
  if (as === 'dateTime') return typeof value === 'string' ? jaDateTime(value) : String(value);
  return String(value);
}

const correctionNote = (label: string, f: Figure | undefined): string[] =>
  f?.reason ? [`※${label}は記録（${f.derived === null ? UNKNOWN : String(f.derived)}）から訂正（理由: ${f.reason}）`] : [];

const person = (p: MinutesPerson | null | undefined) =>
  p ? (p.company_name ? `${p.name}（${p.company_name}）` : p.name) : '（未選任）';

const prose = (content: MinutesContent, key: string) => (content.prose[key] ?? '').split('\n').filter((l) => l.trim() !== '');

export function minutesSections(content: MinutesContent): MinutesSection[] {
  const f = content.figures;
  const v = (key: string) => f[key]?.value ?? null;
  const counted = (key: string, label: string) => [`${label}\u3000${show(v(key), 'count')}`, ...correctionNote(label, f[key])];

  const met = v('quorum_met');
  const quorumLines =
    v('quorum_required') === null && met === null
      ? ['定足数の定めなし']
      : [
          `定足数\u3000${show(v('quorum_required'), 'count')}（開会時の出席 ${show(v('quorum_counted'), 'count')}）`,
          met === null ? '' : met ? '開会時に定足数を満たしていることを確認した。' : '開会時に定足数を満たしていなかった。',
          ...correctionNote('定足数', f.quorum_required),
          ...correctionNote('開会時の出席', f.quorum_counted),
          ...correctionNote('定足数の充足', f.quorum_met),
        ].filter((l) => l !== '');

  const proceedings: string[] = [...prose(content, 'opening')];
  content.agenda.forEach((item, i) => {
    const at = v(`agenda.${i}.at`);
    proceedings.push(
      `第${i + 1}\u3000${item.title}${item.presenter ? `（説明: ${item.presenter}）` : ''}${at ? `（${show(at, 'time')}）` : ''}`,
    );
    proceedings.push(...correctionNote('時刻', f[`agenda.${i}.at`]), ...prose(content, `agenda.${i}`));
  });
  for (const m of content.motions) {
    const k = (name: string) => `motion.${m.id}.${name}`;
    const result = v(k('result'));
    const chair = v(k('chair_decision'));
    proceedings.push(`${m.number}\u3000${m.title}`);
    proceedings.push(
      `採決の結果\u3000賛成 ${show(v(k('yes')), 'count')}、反対 ${show(v(k('no')), 'count')}、棄権 ${show(v(k('abstain')), 'count')}`,
    );
    proceedings.push(
      typeof result === 'string'
        ? `${chair ? '可否同数のため、議長の決するところにより' : ''}${RESULTS[result] ?? result}した。`
        : '（結果の宣言なし）',
    );
    for (const [name, label] of [
      ['yes', '賛成'],
      ['no', '反対'],
      ['abstain', '棄権'],
      ['result', '結果'],
      ['chair_decision', '議長裁決'],
    ] as const)
      proceedings.push(...correctionNote(`${m.number}の${label}`, f[k(name)]));
    proceedings.push(...prose(content, `motion.${m.id}`));
  }

  return [
    {
      heading: '日時',
      lines: [
        `開会\u3000${show(v('opened_at'), 'dateTime')}`,
        `閉会\u3000${show(v('closed_at'), 'dateTime')}`,
        ...correctionNote('開会の時刻', f.opened_at),
        ...correctionNote('閉会の時刻', f.closed_at),
      ],
    },
    { heading: '場所', lines: [show(v('place'), 'text'), ...correctionNote('場所', f.place)] },
    { heading: '議員総数', lines: counted('members_total', '議員総数') },
    {
      heading: '出席者数',
      lines: [
        ...counted('present_total', '出席者数'),
        ...counted('present_principal', '本人出席'),
        ...counted('present_proxy', '代理出席'),
        ...counted('written', '書面議決'),
        ...counted('delegated', '委任状'),
      ],
    },
    { heading: '定足数', lines: quorumLines },
    { heading: '議長', lines: [person(content.chair)] },
    { heading: '議事録署名人', lines: [0, 1].map((i) => person(content.signatories[i])) },
    { heading: '議事の経過の要領及びその結果', lines: proceedings },
    {
      heading: '閉会',
      lines: [
        v('closed_at') ? `${show(v('closed_at'), 'time')}、議長が閉会を宣した。` : '（閉会の記録なし）',
        ...prose(content, 'closing'),
      ],
    },
  ];
}

/** The sections as plain lines (「【日時】」 then its lines): what the diff compares. */
export const minutesLines = (content: MinutesContent): string[] =>
  minutesSections(content).flatMap((s) => [`【${s.heading}】`, ...s.lines]);

/** The document's title: 「{会議名}\u3000議事録」, a draft with （案）. */
export const minutesTitle = (content: Pick<MinutesContent, 'conference'>, draft: boolean) =>
  `${content.conference.name}\u3000議事録${draft ? '（案）' : ''}`;

/** The closing formula, the date left to write by hand, and who signs and seals (議長, two 署名人). */
export const CLOSING_FORMULA = '以上の議事の経過の要領及びその結果を明確にするため、議長及び議事録署名人は次に記名押印する。';
export const SIGNING_DATE = '令和　　年　　月　　日';
export const SEAL = '印';
export const signatures = (
  content: Pick<MinutesContent, 'chair' | 'signatories'>,
): Array<{ role: string; person: MinutesPerson | null }> => [
  { role: '議長', person: content.chair },
  { role: '議事録署名人', person: content.signatories[0] ?? null },
  { role: '議事録署名人', person: content.signatories[1] ?? null },
];

/** 「１．日時」: the items are numbered with full-width numerals as 議事録 are. */
export const itemHeading = (index: number, heading: string) =>
  `${['１', '２', '３', '４', '５', '６', '７', '８', '９'][index] ?? index + 1}．${heading}`;

const FIXED_FIGURES = [
  'opened_at',
  'closed_at',
  'place',
  'members_total',
  'present_total',
  'present_principal',
  'present_proxy',
  'written',
  'delegated',
  'quorum_required',
  'quorum_counted',
  'quorum_met',
];
const MOTION_FIGURES = ['yes', 'no', 'abstain', 'result', 'chair_decision'];

/** The figures in the document's order (a jsonb object keeps its keys in its own order, not ours). */
export const figureKeys = (content: Pick<MinutesContent, 'figures' | 'agenda' | 'motions'>): string[] => {
  const ordered = [
    ...FIXED_FIGURES,
    ...content.agenda.map((_, i) => `agenda.${i}.at`),
    ...content.motions.flatMap((m) => MOTION_FIGURES.map((f) => `motion.${m.id}.${f}`)),
  ];
  return [...ordered.filter((k) => k in content.figures), ...Object.keys(content.figures).filter((k) => !ordered.includes(k))];
};

/** The prose sections in the document's order: opening, each agenda item, each 議案, closing, then any kept from before. */
export const proseKeys = (content: Pick<MinutesContent, 'prose' | 'agenda' | 'motions'>): string[] => {
  const ordered = [
    'opening',
    ...content.agenda.map((_, i) => `agenda.${i}`),
    ...content.motions.map((m) => `motion.${m.id}`),
    'closing',
  ];
  return [...ordered, ...Object.keys(content.prose).filter((k) => !ordered.includes(k))];
};
