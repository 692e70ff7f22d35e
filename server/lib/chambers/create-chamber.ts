/**
 * Onboarding a chamber (issue 36, `npm run chamber:create`): the chamber row, its default master
 * data and its first CCI_ADMIN, whose login Cognito creates and invites by e-mail with a temporary
 * password (AdminCreateUser: server/lib/users/accounts.ts, the path staff accounts take).
 *
 * Idempotent: run again with the same arguments it adds only what is missing (a run that stopped
 * between the chamber and the admin finishes the job) and changes nothing that exists. Every
 * addition is audited with the actor `chamber:create`.
 */
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chamber, master_data, users } from '../../db/schema.ts';
import { audit } from '../audit.ts';
import { createStaffUser } from '../users/accounts.ts';
import { isPlausibleEmail, normalizeEmail, type CognitoUsers } from '../../services/cognito-users.ts';
import { defaultMasterData } from './default-master-data.ts';

export const CHAMBER_CREATE_ACTOR = 'chamber:create';
/** Chamber codes appear in URLs (/v1/cci/{cci_code}/…) and object keys: letters, digits, - and _. */
const CODE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,19}$/;

export interface ChamberCreateInput {
  code: string;
  name: string;
  nameKana?: string;
  adminEmail: string;
  adminName: string;
}

export interface ChamberCreateResult {
  chamber: 'created' | 'existed';
  /** master_data rows added by this run */
  masterDataAdded: number;
  admin: 'created' | 'existed';
  adminUsername: string;
  /**
   * The new admin's temporary password. Cognito also mails it (its invitation); the CLI prints it
   * only against cognito-local, which sends no mail.
   */
  temporaryPassword?: string;
}

export class ChamberCreateError extends Error {}

export function checkChamberInput(input: ChamberCreateInput): string[] {
  const problems: string[] = [];
  if (!CODE_PATTERN.test(input.code)) problems.push('--code: 1–20 lower-case letters, digits, - or _ (e.g. hamamatsu)');
  if (!input.name.trim() || input.name.length > 100) problems.push('--name: the chamber’s name (1–100 characters)');
  if (!isPlausibleEmail(normalizeEmail(input.adminEmail))) problems.push('--admin-email: an e-mail address');
  if (!input.adminName.trim() || input.adminName.length > 100) problems.push('--admin-name: 1–100 characters');
  return problems;
}

export async function createChamber(
  deps: { db: Db; cognitoUsers: CognitoUsers; log: FastifyBaseLogger },
  input: ChamberCreateInput,
): Promise<ChamberCreateResult> {
  const problems = checkChamberInput(input);
  if (problems.length > 0) throw new ChamberCreateError(problems.join('\n'));
  const actor = CHAMBER_CREATE_ACTOR;
  const cciCode = input.code;

  const { created, masterDataAdded } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chamber)
      .values({
        cci_code: cciCode,
        name: input.name.trim(),
        name_kana: input.nameKana?.trim() || null,
        created_by: actor,
        updated_by: actor,
      })
      .onConflictDoNothing()
      .returning();
    if (row) await audit(tx, { cciCode, actor, action: 'create', entity: 'chamber', entityId: cciCode, after: row });
    const added = await tx.insert(master_data).values(defaultMasterData(cciCode, actor)).onConflictDoNothing().returning();
    for (const m of added) await audit(tx, { cciCode, actor, action: 'create', entity: 'master_data', entityId: m.id, after: m });
    return { created: row !== undefined, masterDataAdded: added.length };
  });

  const email = normalizeEmail(input.adminEmail);
  const [existing] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (existing) {
    if (existing.cci_code !== cciCode || existing.user_type !== 'CCI_ADMIN') {
      throw new ChamberCreateError(
        `${email} is already a user (${existing.user_type} of ${existing.cci_code}): choose another e-mail`,
      );
    }
    return { chamber: created ? 'created' : 'existed', masterDataAdded, admin: 'existed', adminUsername: existing.username };
  }
  const admin = await createStaffUser(deps, cciCode, actor, {
    email,
    display_name: input.adminName.trim(),
    user_type: 'CCI_ADMIN',
  });
  return {
    chamber: created ? 'created' : 'existed',
    masterDataAdded,
    admin: 'created',
    adminUsername: admin.username,
    temporaryPassword: admin.temporary_password,
  };
}
