/**
 * 議事録 (DESIGN.md §12.2, issue 35): the versions of a conference's minutes. Tenant: a conference of
 * the caller's chamber (404 otherwise). Each write is one transaction that first takes the
 * conference's minutes lock (two editors take turns), with its audit rows: every edit, each changed
 * correction (with its reason), the finalisation and the publication.
 */
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../db/client.ts';
import type { MinutesStatus } from '../db/schema.ts';
import { applyEdits, changedCorrections, contentFromRecord } from '../lib/minutes/content.ts';
import { minutesDiff } from '../lib/minutes/diff.ts';
import {
  conferenceNotFound,
  minutesFinal,
  minutesNotFound,
  minutesRevisionConflict,
  noNewVersionFromDraft,
  nothingToFinalise,
  nothingToPublish,
  signatoriesMissing,
} from '../lib/minutes/problems.ts';
import { readMeetingRecord, type MeetingRecord } from '../lib/minutes/record.ts';
import type { Minutes, MinutesContent, MinutesUpdate, MinutesView } from '../schemas/minutes.ts';
import { clientOf } from './conference-quorum.ts';
import { visibleToCompany } from './company-visibility.ts';
import { auditRoom } from './room-db.ts';

export interface Staff {
  cciCode: string;
  username: string;
}

interface MinutesRow {
  id: number;
  conference_id: number;
  version: number;
  status: MinutesStatus;
  content: MinutesContent;
  revision: number;
  finalised_at: Date | null;
  finalised_by: string | null;
  sha256: string | null;
  published: boolean;
  published_at: Date | null;
  updated_at: Date;
  updated_by: string;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

const toMinutes = (r: MinutesRow): Minutes => ({
  id: r.id,
  conference_id: r.conference_id,
  version: r.version,
  status: r.status,
  revision: r.revision,
  content: r.content,
  finalised_at: iso(r.finalised_at),
  finalised_by: r.finalised_by,
  sha256: r.sha256,
  published: r.published,
  published_at: iso(r.published_at),
  updated_at: r.updated_at.toISOString(),
  updated_by: r.updated_by,
});

/** Nothing saved yet: the draft as the record gives it now (revision 0: the first PUT creates it). */
const unsaved = (record: MeetingRecord): Minutes => ({
  id: null,
  conference_id: record.conference.id,
  version: 1,
  status: 'draft',
  revision: 0,
  content: contentFromRecord(record),
  finalised_at: null,
  finalised_by: null,
  sha256: null,
  published: false,
  published_at: null,
  updated_at: null,
  updated_by: null,
});

/** The hash a final version carries: of the content's jsonb text, as the table's check computes it. */
const SHA256_SQL = `encode(sha256(convert_to(content::text, 'UTF8')), 'hex')`;

async function latestOf(client: pg.ClientBase, conferenceId: number, where = 'true'): Promise<MinutesRow | null> {
  const { rows } = await client.query<MinutesRow>(
    `select * from minutes where conference_id = $1 and ${where} order by version desc limit 1`,
    [conferenceId],
  );
  return rows[0] ?? null;
}

async function recordOf(client: pg.ClientBase, staff: Staff, conferenceId: number): Promise<MeetingRecord> {
  const record = await readMeetingRecord(client, staff.cciCode, conferenceId);
  if (!record) throw conferenceNotFound();
  return record;
}

/** One writer per conference's minutes at a time (the row may not exist yet, so not a row lock). */
async function lockMinutes(client: pg.ClientBase, staff: Staff, conferenceId: number): Promise<void> {
  const { rowCount } = await client.query('select 1 from conference where id = $1 and cci_code = $2', [
    conferenceId,
    staff.cciCode,
  ]);
  if (rowCount === 0) throw conferenceNotFound();
  await client.query(`select pg_advisory_xact_lock(hashtext('minutes'), $1)`, [conferenceId]);
}

const audit = (client: pg.ClientBase, staff: Staff, action: string, id: number, before?: unknown, after?: unknown) =>
  auditRoom(client, { cciCode: staff.cciCode, actor: staff.username, action, entity: 'minutes', entityId: id, before, after });

export class MinutesRepository {
  constructor(private readonly db: Db) {}

  private tx<T>(work: (client: pg.ClientBase, tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => work(clientOf(tx), tx));
  }

  /** GET: the latest version (or the unsaved draft) and the attendees to choose signatories from. */
  view(staff: Staff, conferenceId: number): Promise<MinutesView> {
    return this.tx(async (client) => {
      const record = await recordOf(client, staff, conferenceId);
      const latest = await latestOf(client, conferenceId);
      return { minutes: latest ? toMinutes(latest) : unsaved(record), attendees: record.attendees };
    });
  }

  /** PUT: edits of the latest draft; the first PUT saves 第1版, `new_version` starts 第n+1版 after 確定. */
  update(staff: Staff, conferenceId: number, input: MinutesUpdate): Promise<MinutesView> {
    return this.tx(async (client) => {
      await lockMinutes(client, staff, conferenceId);
      const record = await recordOf(client, staff, conferenceId);
      const latest = await latestOf(client, conferenceId);
      if ((latest?.revision ?? 0) !== input.revision) throw minutesRevisionConflict(latest?.revision ?? 0);
      if (input.new_version && latest?.status === 'draft') throw noNewVersionFromDraft();
      if (!input.new_version && latest?.status === 'final') throw minutesFinal(latest.version);

      const editing = latest?.status === 'draft' ? latest : null;
      const base = latest?.content ?? contentFromRecord(record);
      const regenerated = input.regenerate || !latest ? contentFromRecord(record, base) : base;
      const content = applyEdits(regenerated, input, record.attendees, staff.username, new Date());

      const { rows } = editing
        ? await client.query<MinutesRow>(
            `update minutes set content = $2, revision = revision + 1, updated_at = now(), updated_by = $3
              where id = $1 returning *`,
            [editing.id, JSON.stringify(content), staff.username],
          )
        : await client.query<MinutesRow>(
            `insert into minutes (cci_code, conference_id, version, content, created_by, updated_by)
             values ($1, $2, $3, $4, $5, $5) returning *`,
            [staff.cciCode, conferenceId, (latest?.version ?? 0) + 1, JSON.stringify(content), staff.username],
          );
      const saved = rows[0];
      await audit(
        client,
        staff,
        editing ? (input.regenerate ? 'regenerate' : 'update') : 'create',
        saved.id,
        editing?.content ?? latest?.content,
        saved.content,
      );
      for (const change of changedCorrections(base, saved.content)) {
        await audit(client, staff, 'correct', saved.id, { [change.key]: change.before ?? null }, { [change.key]: change.after });
      }
      return { minutes: toMinutes(saved), attendees: record.attendees };
    });
  }

  /** POST …/finalise: the latest draft becomes final (its hash stored); 議長 and two 署名人 first. */
  finalise(staff: Staff, conferenceId: number, revision: number): Promise<Minutes> {
    return this.tx(async (client) => {
      await lockMinutes(client, staff, conferenceId);
      const latest = await latestOf(client, conferenceId);
      if (latest?.status !== 'draft') throw nothingToFinalise();
      if (latest.revision !== revision) throw minutesRevisionConflict(latest.revision);
      if (!latest.content.chair || latest.content.signatories.length !== 2) throw signatoriesMissing();
      const { rows } = await client.query<MinutesRow>(
        `update minutes set status = 'final', finalised_at = now(), finalised_by = $2, sha256 = ${SHA256_SQL},
                updated_at = now(), updated_by = $2
          where id = $1 returning *`,
        [latest.id, staff.username],
      );
      await audit(
        client,
        staff,
        'finalise',
        latest.id,
        { status: 'draft' },
        { status: 'final', version: rows[0].version, sha256: rows[0].sha256 },
      );
      return toMinutes(rows[0]);
    });
  }

  /** POST …/publish: the latest final version to the invited companies' admins. */
  publish(staff: Staff, conferenceId: number, version: number): Promise<Minutes> {
    return this.tx(async (client) => {
      await lockMinutes(client, staff, conferenceId);
      const final = await latestOf(client, conferenceId, `status = 'final'`);
      if (!final || final.version !== version) throw nothingToPublish();
      const { rows } = await client.query<MinutesRow>(
        `update minutes set published = true, published_at = coalesce(published_at, now()), published_by = coalesce(published_by, $2)
          where id = $1 returning *`,
        [final.id, staff.username],
      );
      await audit(
        client,
        staff,
        'publish',
        final.id,
        { published: final.published },
        { published: true, version: final.version },
      );
      return toMinutes(rows[0]);
    });
  }

  /** GET …/versions: every version, each with its diff to the one before. */
  versions(staff: Staff, conferenceId: number) {
    return this.tx(async (client) => {
      await recordOf(client, staff, conferenceId);
      const { rows } = await client.query<MinutesRow>('select * from minutes where conference_id = $1 order by version', [
        conferenceId,
      ]);
      return {
        data: rows.map((r, i) => {
          const { id: _id, conference_id: _c, revision: _r, content: _content, ...rest } = toMinutes(r);
          return {
            ...rest,
            updated_at: r.updated_at.toISOString(),
            updated_by: r.updated_by,
            diff: i === 0 ? null : minutesDiff(rows[i - 1].content, r.content),
          };
        }),
      };
    });
  }

  /** GET /v1/company/conferences/{id}/minutes: the latest published final version of a conference it may see. */
  async forCompany(cciCode: string, companyId: number, conferenceId: number) {
    const result = (await this.db.execute(sql`
      select m.conference_id, m.version, m.finalised_at, m.sha256, m.content
        from minutes m join conference c on c.id = m.conference_id
       where c.id = ${conferenceId} and c.cci_code = ${cciCode} and ${visibleToCompany('c', companyId)}
         and m.published and m.status = 'final'
       order by m.version desc limit 1`)) as unknown as {
      rows: Array<{
        conference_id: number;
        version: number;
        finalised_at: Date | string;
        sha256: string;
        content: MinutesContent;
      }>;
    };
    const row = result.rows[0];
    if (!row) throw minutesNotFound();
    return { ...row, finalised_at: new Date(row.finalised_at).toISOString() };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    minutes: MinutesRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('minutes', new MinutesRepository(app.db));
  },
  { name: 'minutes-repository', dependencies: ['database'] },
);
