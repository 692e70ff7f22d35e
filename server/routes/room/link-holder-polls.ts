import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoomViewer } from '../../lib/room/viewers.ts';
import { BallotParams, BallotSchema, CurrentPollSchema } from '../../schemas/ballot.ts';
import { problemResponses } from '../../schemas/common.ts';
import { TokenParams } from '../../schemas/room.ts';

/**
 * 採決 through a personal room link (DESIGN.md §12.1, issue 34): the open poll of the room and the
 * voter's ballot. Public paths, the token is the credential (link-holder.ts); a ballot is limited
 * per link (shared by the API processes) beside the per-address ceiling of every link write.
 */
export function registerLinkHolderPolls(
  parent: FastifyInstance,
  opts: {
    viewerOf(request: FastifyRequest): Promise<RoomViewer>;
    beforeWrite: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  },
): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const ballots = app.roomBallots;
  const { rules, shared } = app.roomLimits;
  const tags = ['room links'];

  app.get(
    '/v1/room/:token/polls/current',
    {
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'currentPollOfLink',
        summary: '進行中の採決（個人リンク）',
        params: TokenParams,
        response: { 200: CurrentPollSchema, ...problemResponses(400, 404) },
      },
    },
    async (request) => ballots.current(await opts.viewerOf(request)),
  );

  app.put(
    '/v1/room/:token/polls/:poll_id/ballot',
    {
      onRequest: opts.beforeWrite,
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'castBallot',
        summary: '投票（個人リンク）',
        params: BallotParams,
        body: BallotSchema,
        response: { 200: CurrentPollSchema, ...problemResponses(400, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await opts.viewerOf(request);
      await shared.enforce(reply, 'room_ballot', `${viewer.conferenceId}:${viewer.senderKey}`, rules.ballotsPerSender);
      return ballots.cast(viewer, request.params.poll_id, request.body);
    },
  );
}
