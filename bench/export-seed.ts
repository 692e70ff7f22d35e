/**
 * The members a 100 000-row export reads (bench/export.ts, and bench/room.ts's run with jobs):
 * `rows` members over 2 000 companies of `cci`, a position each. The caller holds the transaction.
 */
import type pg from 'pg';

export async function seedMembers(pool: pg.Pool | pg.PoolClient, cci: string, rows: number, codePrefix = 'B'): Promise<void> {
  await pool.query(
    `insert into company (cci_code, company_code, attributes)
     select $1, $2 || lpad(n::text, 5, '0'),
            jsonb_build_object('name1', '株式会社ベンチ商事 第' || n || '支店', 'name_kana', 'ベンチショウジ ' || n,
                               'address', '静岡県浜松市中央区田町' || n || '番地', 'phone', '053-000-' || lpad(n::text, 4, '0'),
                               'email', 'info' || n || '@bench.example.jp', 'representative', '代表 太郎')
       from generate_series(1, 2000) n`,
    [cci, codePrefix],
  );
  // every 100th name holds 𠮷, outside Shift_JIS: the replacement path runs too
  await pool.query(
    `insert into member (cci_code, company_id, company_code, name, name_kana, title, email, start_at)
     select $1, c.id, c.company_code,
            case when n % 100 = 0 then '𠮷田 ' else '山田 ' end || lpad(n::text, 6, '0'),
            'ヤマダ ' || lpad(n::text, 6, '0'), '代表取締役社長', 'm' || n || '@bench.example.jp', date '2019-05-01'
       from generate_series(1, $3::int) n
       join company c on c.cci_code = $1 and c.company_code = $2 || lpad((1 + n % 2000)::text, 5, '0')`,
    [cci, codePrefix, rows],
  );
  await pool.query(
    `insert into position (cci_code, member_id, position_type, department_name, position_name, rank)
     select $1, m.id, (array['CCI_OFFICER','CCI_SECTION','CCI_BRANCH','CCI_COMMITTEE'])[1 + m.id % 4], '第' || (m.id % 12) || '部会', '委員', m.id % 50
       from member m join company c on c.id = m.company_id
      where m.cci_code = $1 and c.company_code like $2 || '%'`,
    [cci, codePrefix],
  );
}
