/**
 * The repository tier (fastify/demo layout, issue 32): every repository is a named fastify-plugin
 * that declares its `dependencies` and decorates the app with its data access (`app.users`,
 * `app.conferences` …). They are registered here and only here, by app.ts before any route, so a
 * route reaches a repository as `app.<name>` and never constructs or decorates one.
 */
import fp from 'fastify-plugin';
import users from './users.ts';
import companies from './companies.ts';
import masterData from './master-data.ts';
import conferenceTemplates from './conference-templates.ts';
import members from './members.ts';
import positions from './positions.ts';
import conferences from './conferences.ts';
import conferencesForCompany from './conferences-for-company.ts';
import conferenceCompanies from './conference-companies.ts';
import conferenceMembers from './conference-members.ts';
import answers from './answers.ts';
import exportJobs from './export-jobs.ts';
import importJobs from './import-jobs.ts';
import notifications from './notifications.ts';

export default fp(
  async (app) => {
    await app.register(users);
    await app.register(companies);
    await app.register(masterData);
    await app.register(conferenceTemplates);
    await app.register(members);
    await app.register(positions);
    await app.register(conferences);
    await app.register(conferencesForCompany);
    await app.register(conferenceCompanies);
    await app.register(conferenceMembers);
    await app.register(answers);
    await app.register(exportJobs);
    await app.register(importJobs);
    await app.register(notifications);
  },
  { name: 'repositories', dependencies: ['database', 'cognito-users'] },
);
