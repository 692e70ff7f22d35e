/**
 * The repository tier (fastify/demo layout, issue 32): every repository is a named fastify-plugin
 * that declares its `dependencies` and decorates the app with its data access (`app.users`,
 * `app.conferences` …). They are registered here and only here, by app.ts before any route, so a
 * route reaches a repository as `app.<name>` and never constructs or decorates one.
 */
import fp from 'fastify-plugin';
import users from './users.ts';
import companies from './companies.ts';
import dashboard from './dashboard.ts';
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
import chamberSettings from './chamber-settings.ts';
import uploads from './uploads.ts';
import room from './room.ts';
import roomMessages from './room-messages.ts';
import roomAccess from './room-access.ts';
import roomViewers from './room-viewers.ts';
import roomBallots from './room-ballots.ts';
import reception from './reception.ts';
import motions from './motions.ts';
import polls from './polls.ts';
import writtenVotes from './written-votes.ts';
import minutes from './minutes.ts';
import type { StorageDriver } from '../storage/driver.ts';

export interface RepositoriesOptions {
  /** Object storage the room's attachments live in; absent → none. */
  storage?: StorageDriver;
}

export default fp<RepositoriesOptions>(
  async (app, opts) => {
    await app.register(users);
    await app.register(companies);
    await app.register(dashboard);
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
    await app.register(chamberSettings);
    await app.register(uploads);
    await app.register(room, { storage: opts.storage });
    await app.register(roomMessages);
    await app.register(roomAccess);
    await app.register(roomViewers);
    await app.register(roomBallots);
    await app.register(reception);
    await app.register(motions);
    await app.register(polls);
    await app.register(writtenVotes);
    await app.register(minutes);
  },
  { name: 'repositories', dependencies: ['database', 'cognito-users', 'room-link-secret'] },
);
