/**
 * The rows of the upload URLs handed out (DESIGN.md §11.4): recorded before anyone can upload to
 * the key, so an object without its row never exists and the cleanup jobs (server/jobs/
 * upload-cleanup.ts, import-cleanup.ts) find every object.
 */
import fp from 'fastify-plugin';
import { upload } from '../db/schema.ts';

export interface UploadsRepository {
  record(cciCode: string, key: string, purpose: string, actor: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadsRepository;
  }
}

export default fp(
  async (app) => {
    const repository: UploadsRepository = {
      async record(cciCode, key, purpose, actor) {
        await app.db.insert(upload).values({ cci_code: cciCode, key, purpose, created_by: actor });
      },
    };
    app.decorate('uploads', repository);
  },
  { name: 'uploads-repository', dependencies: ['database'] },
);
