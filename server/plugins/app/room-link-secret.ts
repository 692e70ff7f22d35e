/**
 * `app.roomLinkSecret`: the key room links and reception tickets are signed with (DESIGN.md §11.1,
 * §11.3), ROOM_LINK_SECRET or a key kept in the database, loaded once for the app.
 */
import fp from 'fastify-plugin';
import { loadLinkSecret } from '../../lib/room/link-token.ts';

declare module 'fastify' {
  interface FastifyInstance {
    roomLinkSecret: Buffer;
  }
}

export default fp<{ linkSecret?: string }>(
  async (app, opts) => {
    app.decorate('roomLinkSecret', await loadLinkSecret(app.pool, opts.linkSecret));
  },
  { name: 'room-link-secret', dependencies: ['database'] },
);
