/**
 * `app.pool`, `app.db` and `app.mailQueue`: what the repositories (server/repositories/index.ts)
 * declare as their dependency `database`. The pool is the caller's (main.ts, the tests), so it is
 * not ended here.
 */
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import type { MailQueue } from '../../jobs/mail-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pool: pg.Pool;
    db: Db;
    /** Outbox rows written in a transaction go on the mail queue through this (DESIGN.md §11.2). */
    mailQueue: MailQueue;
  }
}

export interface DatabaseOptions {
  pool: pg.Pool;
  db: Db;
  mailQueue: MailQueue;
}

export default fp<DatabaseOptions>(
  async (app, opts) => {
    app.decorate('pool', opts.pool);
    app.decorate('db', opts.db);
    app.decorate('mailQueue', opts.mailQueue);
  },
  { name: 'database' },
);
