import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { currentUser } from '../../../plugins/app/auth.ts';
import { notFound } from '../../../lib/problem.ts';
import { ConferenceTemplateListQuery } from '../../../repositories/conference-templates.ts';
import { assertTemplateBodyConsistent } from '../../../lib/masters-template-body.ts';
import {
  ConferenceTemplateCreateSchema,
  ConferenceTemplateDeleteQuery,
  ConferenceTemplateListSchema,
  ConferenceTemplateParams,
  ConferenceTemplateSchema,
  ConferenceTemplateUpdateSchema,
} from '../../../schemas/conference-template.ts';
import { ChamberParams } from '../../../schemas/params.ts';
import { problemResponses } from '../../../schemas/common.ts';

const errors = problemResponses(400, 401, 403, 404, 409, 422);
const tags = ['cci: conference templates'];
const BASE = '/v1/cci/:cci_code/master/CCI_CONFERENCE_TEMPLATE';

/**
 * spec §7: GET and POST /v1/cci/{cci_code}/master/CCI_CONFERENCE_TEMPLATE; GET, PUT and DELETE on
 * /{id}. The static segment wins over the {master_type_code} route (find-my-way: static before
 * parametric). Written by CCI_ADMIN only, read by both chamber roles (DESIGN.md §6).
 */
const conferenceTemplates: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    BASE,
    {
      config: { access: { resource: 'conference_templates', action: 'list' } },
      schema: {
        tags,
        params: ChamberParams,
        querystring: ConferenceTemplateListQuery,
        response: { 200: ConferenceTemplateListSchema, ...errors },
      },
    },
    async (request) => app.conferenceTemplates.list(currentUser(request).cciCode, request.query),
  );

  app.post(
    BASE,
    {
      config: { access: { resource: 'conference_templates', action: 'create' } },
      schema: {
        tags,
        params: ChamberParams,
        body: ConferenceTemplateCreateSchema,
        response: { 201: ConferenceTemplateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      assertTemplateBodyConsistent(request.body.body);
      reply.code(201);
      return app.conferenceTemplates.create(user.cciCode, user.username, request.body);
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { access: { resource: 'conference_templates', action: 'show' } },
      schema: { tags, params: ConferenceTemplateParams, response: { 200: ConferenceTemplateSchema, ...errors } },
    },
    async (request) => {
      const found = await app.conferenceTemplates.findById(currentUser(request).cciCode, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { access: { resource: 'conference_templates', action: 'edit' } },
      schema: {
        tags,
        params: ConferenceTemplateParams,
        body: ConferenceTemplateUpdateSchema,
        response: { 200: ConferenceTemplateSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      assertTemplateBodyConsistent(request.body.body);
      return app.conferenceTemplates.update(user.cciCode, request.params.id, user.username, request.body);
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { access: { resource: 'conference_templates', action: 'delete' } },
      schema: {
        tags,
        params: ConferenceTemplateParams,
        querystring: ConferenceTemplateDeleteQuery,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await app.conferenceTemplates.remove(user.cciCode, request.params.id, user.username, request.query.version);
      return reply.code(204).send(null);
    },
  );
};
export default conferenceTemplates;
