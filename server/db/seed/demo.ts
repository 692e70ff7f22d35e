/**
 * Demo data for the embedded/default mode: one chamber (`demo`), 20 member companies with their
 * members and positions, the cci_position_type master data, one conference template
 * (通常議員総会 + 懇親会) and three conferences (upcoming 総会 with a 懇親会 sub-conference,
 * upcoming 部会, a past 常議員会 already held). Dates are relative to now (Asia/Tokyo).
 *
 * Idempotent: the data is written once (skipped when the chamber exists, also under concurrent
 * callers); the users passed in are always upserted.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  type AnswerChannel,
  type AnswerContent,
  audit_log,
  chamber,
  company,
  type CompanyAttributes,
  conference,
  conference_company,
  conference_member,
  type ConferenceMemberCategory,
  conference_template,
  type ConferenceTemplateBody,
  MASTER_TYPE_CONFERENCE_TEMPLATE,
  master_data,
  member,
  position,
  type PositionType,
  type UserType,
  users,
} from '../schema.ts';
import { buildSearchText } from '../normalize.ts';
import { defaultMasterData } from '../../lib/chambers/default-master-data.ts';

export const DEMO_CCI_CODE = 'demo';
const SEED_ACTOR = 'seed';

export interface SeedUser {
  username: string;
  email: string;
  userType: UserType;
  /** company_code in the demo chamber (COMPANY_ADMIN) */
  companyCode?: string;
  displayName: string;
}

export async function seedDemo(db: Db, opts: { users: SeedUser[] }): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(chamber)
      .values({
        cci_code: DEMO_CCI_CODE,
        name: 'デモ商工会議所',
        name_kana: 'デモショウコウカイギショ',
        mail_contact: '〒100-0005 東京都千代田区丸の内3-2-2\nTEL 03-0000-0000　FAX 03-0000-0001\nkaigi@demo-cci.example.jp',
        created_by: SEED_ACTOR,
        updated_by: SEED_ACTOR,
      })
      .onConflictDoNothing()
      .returning({ cci_code: chamber.cci_code });
    if (inserted.length > 0) await seedChamberData(tx);
  });
  await upsertUsers(db, opts.users);
}

async function upsertUsers(db: Db, list: SeedUser[]): Promise<void> {
  if (list.length === 0) return;
  const codes = [...new Set(list.map((u) => u.companyCode).filter((c): c is string => !!c))];
  const companies = codes.length
    ? await db
        .select({ id: company.id, company_code: company.company_code })
        .from(company)
        .where(and(eq(company.cci_code, DEMO_CCI_CODE), inArray(company.company_code, codes)))
    : [];
  const idByCode = new Map(companies.map((c) => [c.company_code, c.id]));
  for (const u of list) {
    const companyId = u.companyCode ? idByCode.get(u.companyCode) : undefined;
    if (u.companyCode && companyId === undefined) {
      throw new Error(`seedDemo: unknown company_code ${u.companyCode} for user ${u.username}`);
    }
    const row = {
      username: u.username,
      cci_code: DEMO_CCI_CODE,
      user_type: u.userType,
      company_id: companyId ?? null,
      email: u.email,
      display_name: u.displayName,
      enabled: true,
      created_by: SEED_ACTOR,
      updated_by: SEED_ACTOR,
    };
    await db
      .insert(users)
      .values(row)
      .onConflictDoUpdate({
        target: users.username,
        set: {
          cci_code: row.cci_code,
          user_type: row.user_type,
          company_id: row.company_id,
          email: row.email,
          display_name: row.display_name,
          enabled: true,
          updated_at: sql`now()`,
          updated_by: SEED_ACTOR,
        },
      });
  }
}

// ---------------------------------------------------------------------------------------------
// Demo content
// ---------------------------------------------------------------------------------------------
type PositionSpec = [type: PositionType, department: string, name: string, rank: number];
interface MemberSpec {
  name: string;
  kana: string;
  title: string;
  email?: string;
  positions: PositionSpec[];
}
interface CompanySpec {
  code: string;
  name: string;
  kana: string;
  email: string | null;
  flag?: '0' | '1';
  postal: string;
  address: string;
  phone: string;
  members: MemberSpec[];
}

const OFFICER = '役員';
const P = {
  kaito: ['CCI_OFFICER', OFFICER, '会頭', 1],
  fukuKaito: ['CCI_OFFICER', OFFICER, '副会頭', 2],
  jogiin: ['CCI_OFFICER', OFFICER, '常議員', 10],
  giin: ['CCI_OFFICER', OFFICER, '議員', 20],
} satisfies Record<string, PositionSpec>;

const COMPANIES: CompanySpec[] = [
  {
    code: 'C0001',
    name: '株式会社山田製作所',
    kana: 'ヤマダセイサクショ',
    email: 'info@yamada-seisakusho.example.com',
    flag: '0',
    postal: '430-0944',
    address: '静岡県浜松市中央区田町315-21',
    phone: '053-452-1101',
    members: [
      {
        name: '山田 太郎',
        kana: 'ヤマダ タロウ',
        title: '代表取締役社長',
        email: 'taro.yamada@yamada-seisakusho.example.com',
        positions: [P.kaito, ['CCI_SECTION', '工業部会', '顧問', 5]],
      },
      {
        name: '山田 花子',
        kana: 'ヤマダ ハナコ',
        title: '専務取締役',
        positions: [['CCI_WOMEN_ASSOCIATION', '女性会', '副会長', 2]],
      },
    ],
  },
  {
    code: 'C0002',
    name: '有限会社さくら企画',
    kana: 'サクラキカク',
    email: null,
    flag: '1',
    postal: '430-0933',
    address: '静岡県浜松市中央区鍛冶町100-1 さくらビル3階',
    phone: '053-455-2202',
    members: [
      {
        name: '桜井 美咲',
        kana: 'サクライ ミサキ',
        title: '代表取締役',
        positions: [['CCI_WOMEN_ASSOCIATION', '女性会', '会長', 1], P.giin],
      },
    ],
  },
  {
    code: 'C0003',
    name: '浜名湖観光株式会社',
    kana: 'ハマナコカンコウ',
    email: 'contact@hamanako-kanko.example.com',
    postal: '431-0214',
    address: '静岡県浜松市中央区舞阪町舞阪2120',
    phone: '053-592-3303',
    members: [
      {
        name: '鈴木 一郎',
        kana: 'スズキ イチロウ',
        title: '代表取締役社長',
        positions: [P.fukuKaito, ['CCI_SECTION', '観光・サービス部会', '部会長', 1]],
      },
      {
        name: '高橋 健',
        kana: 'タカハシ ケン',
        title: '営業部長',
        positions: [['CCI_SECTION', '観光・サービス部会', '委員', 10]],
      },
    ],
  },
  {
    code: 'C0004',
    name: '株式会社東海精機',
    kana: 'トウカイセイキ',
    email: 'soumu@tokai-seiki.example.com',
    postal: '435-0016',
    address: '静岡県浜松市中央区和田町808',
    phone: '053-461-4404',
    members: [
      {
        name: '田中 誠',
        kana: 'タナカ マコト',
        title: '代表取締役会長',
        positions: [P.fukuKaito, ['CCI_SECTION', '工業部会', '部会長', 1]],
      },
      { name: '田中 悠斗', kana: 'タナカ ユウト', title: '取締役', positions: [['CCI_YOUTH_DIVISION', '青年部', '会長', 1]] },
    ],
  },
  {
    code: 'C0005',
    name: '丸高商事株式会社',
    kana: 'マルタカショウジ',
    email: 'info@marutaka-shoji.example.com',
    postal: '430-0926',
    address: '静岡県浜松市中央区砂山町350-5',
    phone: '053-453-5505',
    members: [
      {
        name: '高木 正雄',
        kana: 'タカギ マサオ',
        title: '代表取締役社長',
        positions: [P.jogiin, ['CCI_SECTION', '商業部会', '部会長', 1]],
      },
      { name: '高木 直樹', kana: 'タカギ ナオキ', title: '常務取締役', positions: [['CCI_SECTION', '商業部会', '委員', 10]] },
    ],
  },
  {
    code: 'C0006',
    name: '株式会社青葉建設',
    kana: 'アオバケンセツ',
    email: 'office@aoba-kensetsu.example.com',
    postal: '432-8021',
    address: '静岡県浜松市中央区佐鳴台3丁目12-8',
    phone: '053-447-6606',
    members: [
      {
        name: '青木 修',
        kana: 'アオキ オサム',
        title: '代表取締役',
        positions: [P.jogiin, ['CCI_SECTION', '建設部会', '部会長', 1], ['CCI_BRANCH', '西支部', '支部長', 1]],
      },
    ],
  },
  {
    code: 'C0007',
    name: '合同会社みらいデザイン',
    kana: 'ミライデザイン',
    email: 'hello@mirai-design.example.com',
    postal: '430-0946',
    address: '静岡県浜松市中央区元城町219-21',
    phone: '053-411-7707',
    members: [
      {
        name: '伊藤 さやか',
        kana: 'イトウ サヤカ',
        title: '代表社員',
        positions: [
          ['CCI_YOUTH_DIVISION', '青年部', '副会長', 2],
          ['CCI_WOMEN_ASSOCIATION', '女性会', '理事', 10],
        ],
      },
    ],
  },
  {
    code: 'C0008',
    name: '株式会社鈴木楽器店',
    kana: 'スズキガッキテン',
    email: 'shop@suzuki-gakki.example.com',
    postal: '430-0934',
    address: '静岡県浜松市中央区千歳町72',
    phone: '053-454-8808',
    members: [
      {
        name: '鈴木 和夫',
        kana: 'スズキ カズオ',
        title: '代表取締役社長',
        positions: [P.giin, ['CCI_SECTION', '商業部会', '副部会長', 2]],
      },
      { name: '鈴木 陽介', kana: 'スズキ ヨウスケ', title: '店長', positions: [['CCI_YOUTH_DIVISION', '青年部', '理事', 10]] },
    ],
  },
  {
    code: 'C0009',
    name: '遠州信用金庫',
    kana: 'エンシュウシンヨウキンコ',
    email: 'somu@enshu-shinkin.example.com',
    postal: '430-0929',
    address: '静岡県浜松市中央区中央1丁目10-2',
    phone: '053-450-9909',
    members: [
      {
        name: '小川 博之',
        kana: 'オガワ ヒロユキ',
        title: '理事長',
        positions: [P.jogiin, ['CCI_COMMITTEE', '総務委員会', '委員長', 1]],
      },
      { name: '松本 隆', kana: 'マツモト タカシ', title: '常務理事', positions: [['CCI_COMMITTEE', '総務委員会', '委員', 10]] },
    ],
  },
  {
    code: 'C0010',
    name: '株式会社中村印刷',
    kana: 'ナカムラインサツ',
    email: 'info@nakamura-print.example.com',
    postal: '435-0044',
    address: '静岡県浜松市中央区西塚町200',
    phone: '053-463-1010',
    members: [
      {
        name: '中村 浩二',
        kana: 'ナカムラ コウジ',
        title: '代表取締役',
        positions: [P.giin, ['CCI_SECTION', '工業部会', '副部会長', 2]],
      },
    ],
  },
  {
    code: 'C0011',
    name: '株式会社かねじょう茶園',
    kana: 'カネジョウチャエン',
    email: 'cha@kanejo.example.com',
    postal: '431-1304',
    address: '静岡県浜松市浜名区細江町中川1500',
    phone: '053-522-1111',
    members: [
      { name: '金子 昭', kana: 'カネコ アキラ', title: '代表取締役', positions: [P.giin, ['CCI_BRANCH', '北支部', '支部長', 1]] },
      { name: '金子 由美', kana: 'カネコ ユミ', title: '取締役', positions: [['CCI_WOMEN_ASSOCIATION', '女性会', '理事', 10]] },
    ],
  },
  {
    code: 'C0012',
    name: '医療法人社団健友会',
    kana: 'ケンユウカイ',
    email: 'jimu@kenyukai.example.com',
    postal: '433-8105',
    address: '静岡県浜松市中央区三方原町50-2',
    phone: '053-436-1212',
    members: [
      {
        name: '森 健太郎',
        kana: 'モリ ケンタロウ',
        title: '理事長',
        positions: [['CCI_COMMITTEE', '総務委員会', '副委員長', 2]],
      },
    ],
  },
  {
    code: 'C0013',
    name: '株式会社佐藤工務店',
    kana: 'サトウコウムテン',
    email: 'info@sato-koumuten.example.com',
    postal: '430-0851',
    address: '静岡県浜松市中央区向宿1丁目5-3',
    phone: '053-461-1313',
    members: [
      {
        name: '佐藤 剛',
        kana: 'サトウ ツヨシ',
        title: '代表取締役社長',
        positions: [P.giin, ['CCI_SECTION', '建設部会', '副部会長', 2]],
      },
      {
        name: '佐藤 翔太',
        kana: 'サトウ ショウタ',
        title: '専務取締役',
        positions: [['CCI_YOUTH_DIVISION', '青年部', '理事', 10]],
      },
    ],
  },
  {
    code: 'C0014',
    name: '株式会社フジ物流',
    kana: 'フジブツリュウ',
    email: 'unkou@fuji-butsuryu.example.com',
    postal: '435-0006',
    address: '静岡県浜松市中央区下石田町1500',
    phone: '053-425-1414',
    members: [
      {
        name: '藤井 大輔',
        kana: 'フジイ ダイスケ',
        title: '代表取締役',
        positions: [P.giin, ['CCI_SECTION', '運輸部会', '部会長', 1]],
      },
    ],
  },
  {
    code: 'C0015',
    name: '伊藤商事株式会社',
    kana: 'イトウショウジ',
    email: 'info@ito-shoji.example.com',
    postal: '430-0937',
    address: '静岡県浜松市中央区利町304-2',
    phone: '053-452-1515',
    members: [
      {
        name: '伊藤 博',
        kana: 'イトウ ヒロシ',
        title: '代表取締役社長',
        positions: [P.jogiin, ['CCI_SECTION', '商業部会', '委員', 10], ['CCI_BRANCH', '南支部', '支部長', 1]],
      },
      {
        name: '伊藤 真由美',
        kana: 'イトウ マユミ',
        title: '取締役',
        positions: [['CCI_WOMEN_ASSOCIATION', '女性会', '理事', 10]],
      },
      { name: '伊藤 拓海', kana: 'イトウ タクミ', title: '営業課長', positions: [['CCI_YOUTH_DIVISION', '青年部', '委員', 20]] },
    ],
  },
  {
    code: 'C0016',
    name: '株式会社ホテル浜松グランド',
    kana: 'ホテルハママツグランド',
    email: 'event@hotel-hg.example.com',
    postal: '430-0927',
    address: '静岡県浜松市中央区旭町12-1',
    phone: '053-457-1616',
    members: [
      {
        name: '浜田 修一',
        kana: 'ハマダ シュウイチ',
        title: '総支配人',
        positions: [P.giin, ['CCI_SECTION', '観光・サービス部会', '副部会長', 2]],
      },
    ],
  },
  {
    code: 'C0017',
    name: '株式会社渡辺電機',
    kana: 'ワタナベデンキ',
    email: 'info@watanabe-denki.example.com',
    postal: '435-0028',
    address: '静岡県浜松市中央区飯田町1010',
    phone: '053-464-1717',
    members: [
      {
        name: '渡辺 隆史',
        kana: 'ワタナベ タカシ',
        title: '代表取締役社長',
        positions: [P.giin, ['CCI_SECTION', '工業部会', '委員', 10]],
      },
      { name: '渡辺 恵', kana: 'ワタナベ メグミ', title: '経理部長', positions: [] },
    ],
  },
  {
    code: 'C0018',
    name: '税理士法人小林会計事務所',
    kana: 'コバヤシカイケイジムショ',
    email: 'office@kobayashi-kaikei.example.com',
    postal: '430-0944',
    address: '静岡県浜松市中央区田町230-15',
    phone: '053-455-1818',
    members: [
      {
        name: '小林 直子',
        kana: 'コバヤシ ナオコ',
        title: '代表社員税理士',
        positions: [
          ['CCI_COMMITTEE', '税制委員会', '委員長', 1],
          ['CCI_WOMEN_ASSOCIATION', '女性会', '監事', 20],
        ],
      },
    ],
  },
  {
    code: 'C0019',
    name: '株式会社うなぎの加藤',
    kana: 'ウナギノカトウ',
    email: 'yoyaku@unagi-kato.example.com',
    postal: '431-0302',
    address: '静岡県湖西市新居町新居1200',
    phone: '053-594-1919',
    members: [
      {
        name: '加藤 勝',
        kana: 'カトウ マサル',
        title: '代表取締役',
        positions: [
          ['CCI_SECTION', '商業部会', '委員', 10],
          ['CCI_BRANCH', '西支部', '副支部長', 2],
        ],
      },
    ],
  },
  {
    code: 'C0020',
    name: '株式会社ネクストウェーブ',
    kana: 'ネクストウェーブ',
    email: 'info@nextwave.example.com',
    postal: '430-0928',
    address: '静岡県浜松市中央区板屋町111-2 アクトタワー15階',
    phone: '053-450-2020',
    members: [
      {
        name: '吉田 翼',
        kana: 'ヨシダ ツバサ',
        title: '代表取締役CEO',
        positions: [
          ['CCI_YOUTH_DIVISION', '青年部', '副会長', 2],
          ['CCI_COMMITTEE', 'DX推進委員会', '委員', 10],
        ],
      },
      { name: '山口 葵', kana: 'ヤマグチ アオイ', title: 'CTO', positions: [] },
    ],
  },
];

const TEMPLATE_CODE = 'GENERAL_ASSEMBLY';
const TEMPLATE_BODY: ConferenceTemplateBody = {
  place: 'デモ商工会議所会館 5階 大ホール',
  start_time: '14:00',
  end_time: '16:00',
  answer_deadline_days_before: 7,
  description: '通常議員総会を下記のとおり開催いたします。ご多用中誠に恐縮ですが、ご出席くださいますようお願い申し上げます。',
  answer_choices: ['attend', 'absent', 'proxy_attend', 'delegate'],
  allow_delegate: true,
  sub_conferences: [
    {
      name: '懇親会',
      place: 'ホテル浜松グランド 2階 鳳凰の間',
      start_offset_minutes: 150,
      duration_minutes: 120,
      description: '総会終了後、懇親会を開催いたします。会費 5,000円（当日受付にて申し受けます）。',
    },
  ],
  invitee_rules: [{ position_type: 'CCI_OFFICER' }],
};

// ---------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const JST_OFFSET_MS = 9 * 3_600_000;

/** `days` days from today (Asia/Tokyo) at hh:mm JST. */
function jstAt(days: number, hh: number, mm = 0): Date {
  const now = Date.now();
  const jstMidnightUtc = Math.floor((now + JST_OFFSET_MS) / DAY_MS) * DAY_MS - JST_OFFSET_MS;
  return new Date(jstMidnightUtc + days * DAY_MS + (hh * 60 + mm) * 60_000);
}

/** 'YYYY-04-01' of the fiscal year `yearsAgo` years before the current one (Japan FY starts in April). */
function fiscalYearStart(yearsAgo: number): string {
  const jst = new Date(Date.now() + JST_OFFSET_MS);
  const fy = jst.getUTCMonth() >= 3 ? jst.getUTCFullYear() : jst.getUTCFullYear() - 1;
  return `${fy - yearsAgo}-04-01`;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const stamp = { created_by: SEED_ACTOR, updated_by: SEED_ACTOR };

async function seedChamberData(tx: Tx): Promise<void> {
  const cci_code = DEMO_CCI_CODE;
  const termStart = fiscalYearStart(1);

  // master data: position types
  await tx.insert(master_data).values(defaultMasterData(cci_code, SEED_ACTOR));

  // companies
  const companyRows = await tx
    .insert(company)
    .values(
      COMPANIES.map((c) => {
        const attributes: CompanyAttributes = {
          name1: c.name,
          name_kana: c.kana,
          email: c.email,
          admin_changed_info_flag: c.flag ?? '0',
          representative: c.members[0]?.name ?? '',
          postal_code: c.postal,
          address: c.address,
          phone: c.phone,
        };
        return {
          cci_code,
          company_code: c.code,
          attributes,
          search_text: buildSearchText(c.code, c.name, c.kana),
          ...stamp,
        };
      }),
    )
    .returning({ id: company.id, company_code: company.company_code });
  const companyId = new Map(companyRows.map((r) => [r.company_code, r.id]));

  // members and positions
  interface SeededMember {
    id: number;
    company_id: number;
    kana: string;
    positions: PositionSpec[];
  }
  const seeded: SeededMember[] = [];
  for (const c of COMPANIES) {
    const cid = companyId.get(c.code)!;
    const rows = await tx
      .insert(member)
      .values(
        c.members.map((m) => ({
          cci_code,
          company_id: cid,
          company_code: c.code,
          name: m.name,
          name_kana: m.kana,
          title: m.title,
          email: m.email ?? null,
          start_at: termStart,
          search_text: buildSearchText(m.name, m.kana, c.code, c.name),
          ...stamp,
        })),
      )
      .returning({ id: member.id });
    c.members.forEach((m, i) => seeded.push({ id: rows[i]!.id, company_id: cid, kana: m.kana, positions: m.positions }));
  }
  const positionValues = seeded.flatMap((m) =>
    m.positions.map(([position_type, department_name, position_name, rank]) => ({
      cci_code,
      member_id: m.id,
      position_type,
      department_name,
      position_name,
      rank,
      start_at: termStart,
      ...stamp,
    })),
  );
  await tx.insert(position).values(positionValues);

  // conference template (+ its master_data row)
  const [template] = await tx
    .insert(conference_template)
    .values({
      cci_code,
      conference_template_code: TEMPLATE_CODE,
      name: '通常議員総会',
      default_body: TEMPLATE_BODY,
      ...stamp,
    })
    .returning({ id: conference_template.id });
  await tx.insert(master_data).values({
    cci_code,
    master_type_code: MASTER_TYPE_CONFERENCE_TEMPLATE,
    master_code: TEMPLATE_CODE,
    name: '通常議員総会',
    sort_order: 1,
    attributes: { conference_template_id: template!.id, default_body: TEMPLATE_BODY },
    ...stamp,
  });

  // invitee selections
  const rankOf = (m: SeededMember, type: PositionType, department?: string) =>
    Math.min(
      ...m.positions.filter(([t, d]) => t === type && (department === undefined || d === department)).map(([, , , r]) => r),
    );
  const select = (type: PositionType, department?: string) =>
    seeded
      .filter((m) => Number.isFinite(rankOf(m, type, department)))
      .sort((a, b) => rankOf(a, type, department) - rankOf(b, type, department) || a.kana.localeCompare(b.kana, 'ja'));
  const officers = select('CCI_OFFICER');
  const commerce = select('CCI_SECTION', '商業部会');
  const standing = officers.filter((m) => rankOf(m, 'CCI_OFFICER') <= 10);

  const c0001 = companyId.get('C0001')!;
  const c0002 = companyId.get('C0002')!;

  // 1. upcoming 通常議員総会 (published) + 懇親会 sub-conference
  const assemblyStart = jstAt(21, 14);
  const [assembly] = await tx
    .insert(conference)
    .values({
      cci_code,
      template_id: template!.id,
      name: '第75回 通常議員総会',
      event_date: assemblyStart,
      end_at: jstAt(21, 16),
      place: TEMPLATE_BODY.place,
      answer_deadline: jstAt(14, 17),
      status: 'published',
      description: TEMPLATE_BODY.description,
      allow_delegate: true,
      ...stamp,
    })
    .returning({ id: conference.id });
  const [party] = await tx
    .insert(conference)
    .values({
      cci_code,
      parent_id: assembly!.id,
      template_id: template!.id,
      name: '懇親会',
      event_date: jstAt(21, 16, 30),
      end_at: jstAt(21, 18, 30),
      place: TEMPLATE_BODY.sub_conferences![0]!.place,
      answer_deadline: jstAt(14, 17),
      status: 'published',
      description: TEMPLATE_BODY.sub_conferences![0]!.description,
      allow_delegate: false,
      ...stamp,
    })
    .returning({ id: conference.id });

  // 2. upcoming 商業部会 (published)
  const [section] = await tx
    .insert(conference)
    .values({
      cci_code,
      name: '商業部会 定例会',
      event_date: jstAt(10, 15),
      end_at: jstAt(10, 16, 30),
      place: 'デモ商工会議所会館 3階 第1会議室',
      answer_deadline: jstAt(5, 17),
      status: 'published',
      description: '議題：年末商戦に向けた共同販促事業について／講演「キャッシュレス決済の最新動向」',
      ...stamp,
    })
    .returning({ id: conference.id });

  // 3. past 常議員会 (held)
  const [past] = await tx
    .insert(conference)
    .values({
      cci_code,
      name: '第312回 常議員会',
      event_date: jstAt(-30, 13, 30),
      end_at: jstAt(-30, 15),
      place: 'デモ商工会議所会館 5階 中会議室',
      answer_deadline: jstAt(-37, 17),
      status: 'held',
      description: '議題：今年度補正予算（案）について／新入会員の承認 ほか',
      ...stamp,
    })
    .returning({ id: conference.id });

  /** `channel`: how the chamber received it (DESIGN.md §11.2); portal unless given */
  type Answer = { answer: AnswerContent; proxy?: [string, string]; daysAgo: number; channel?: AnswerChannel };
  const invite = async (
    conferenceId: number,
    invitees: SeededMember[],
    answers: (m: SeededMember, index: number) => Answer | undefined,
    extra: Array<{ m: SeededMember; category: ConferenceMemberCategory }> = [],
  ) => {
    const list = [...invitees.map((m) => ({ m, category: 'principal' as ConferenceMemberCategory })), ...extra];
    const memberRows = list.map(({ m, category }, i) => {
      const a = answers(m, i);
      return {
        cci_code,
        conference_id: conferenceId,
        company_id: m.company_id,
        member_id: m.id,
        category,
        answer_content: a?.answer ?? null,
        proxy_name: a?.proxy?.[0] ?? null,
        proxy_title: a?.proxy?.[1] ?? null,
        sort: i + 1,
        answered_at: a ? jstAt(-a.daysAgo, 10) : null,
        answered_by: a ? SEED_ACTOR : null,
        answer_channel: a ? (a.channel ?? 'portal') : null,
        answer_received_at: a ? jstAt(-a.daysAgo, a.channel ? 9 : 10) : null,
        ...stamp,
      };
    });
    await tx.insert(conference_member).values(memberRows);
    const byCompany = new Map<number, typeof memberRows>();
    for (const r of memberRows) byCompany.set(r.company_id, [...(byCompany.get(r.company_id) ?? []), r]);
    await tx.insert(conference_company).values(
      [...byCompany].map(([company_id, rows]) => {
        const answered = rows.filter((r) => r.answer_content !== null);
        const last = answered.map((r) => r.answered_at!).sort((a, b) => +b - +a)[0] ?? null;
        return {
          cci_code,
          conference_id: conferenceId,
          company_id,
          answer_content: answered.length === 0 ? null : answered.length === rows.length ? 'answered' : 'partial',
          answered_at: last,
          answered_by: last ? SEED_ACTOR : null,
          ...stamp,
        };
      }),
    );
  };

  // 総会: some companies have answered; C0001/C0002 (demo company users) have not.
  const assemblyAnswer = (m: SeededMember, i: number): Answer | undefined => {
    if (m.company_id === c0001 || m.company_id === c0002) return undefined;
    const pattern: Array<Answer | undefined> = [
      { answer: 'attend', daysAgo: 3 },
      { answer: 'attend', daysAgo: 2, channel: 'fax' },
      undefined,
      { answer: 'proxy_attend', proxy: ['佐々木 学', '取締役副社長'], daysAgo: 2 },
      { answer: 'absent', daysAgo: 1, channel: 'phone' },
      { answer: 'delegate', daysAgo: 1 },
      undefined,
    ];
    return pattern[i % pattern.length];
  };
  const companion = seeded.find((m) => m.company_id === c0001 && !officers.includes(m));
  await invite(assembly!.id, officers, assemblyAnswer);
  await invite(
    party!.id,
    officers,
    (m, i) =>
      m.company_id === c0001 || m.company_id === c0002 || i % 3 === 2
        ? undefined
        : { answer: i % 4 === 3 ? 'absent' : 'attend', daysAgo: 1 },
    companion ? [{ m: companion, category: 'companion' }] : [],
  );
  await invite(section!.id, commerce, (_m, i) => (i === 0 ? { answer: 'attend', daysAgo: 1 } : undefined));
  await invite(past!.id, standing, (_m, i) => ({
    answer: i % 5 === 4 ? 'absent' : 'attend',
    daysAgo: 40,
  }));

  await tx.insert(audit_log).values({
    cci_code,
    actor: SEED_ACTOR,
    action: 'seed',
    entity: 'chamber',
    entity_id: cci_code,
    after: { companies: COMPANIES.length, members: seeded.length, positions: positionValues.length },
  });
}
