/**
 * Mail configuration from the environment (DESIGN.md §3 mail row). Problems are added to the
 * caller's list, so server/config/env.ts reports every one of them together.
 *
 *   SMTP_URL     smtp://… or smtps://… (user and password in the URL); required in production.
 *                Absent elsewhere → the local SMTP sink (server/infra/smtp-sink.ts) on SMTP_PORT.
 *   MAIL_FROM    the sender, `address` or `名前 <address>`; required in production
 *   SMTP_PORT    the local sink's port (default 1025)
 *   MAIL_WORKER  in-process (default outside production) | off (production: `npm run worker`)
 */
import addressparser from 'nodemailer/lib/addressparser';

export interface MailSettings {
  /** the SMTP server to send through; absent → the local sink */
  smtpUrl?: string;
  /** the From header (MAIL_FROM) */
  from: string;
  /** the domain of the From address: the right-hand side of every Message-ID */
  fromDomain: string;
  sinkPort: number;
  inProcessWorker: boolean;
}

const LOCAL_FROM = 'Kaigi <no-reply@kaigi.localhost>';
const WORKER_MODES = ['in-process', 'off'] as const;

/** The address of `from` (`名前 <a@b>` or `a@b`), or null when it is not exactly one address. */
export function fromAddress(from: string): { address: string; domain: string } | null {
  const parsed = addressparser(from, { flatten: true });
  if (parsed.length !== 1) return null;
  const match = /^[^\s@<>]+@([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*)$/.exec(
    parsed[0].address,
  );
  return match ? { address: parsed[0].address, domain: match[1].toLowerCase() } : null;
}

export function mailSettingsFrom(env: NodeJS.ProcessEnv, ctx: { production: boolean }, problems: string[]): MailSettings {
  const str = (name: string) => env[name]?.trim() || undefined;

  let smtpUrl = str('SMTP_URL');
  if (smtpUrl !== undefined) {
    let ok: boolean;
    try {
      const u = new URL(smtpUrl);
      ok = (u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== '';
    } catch {
      ok = false;
    }
    if (!ok) {
      // never echo the value: it carries the SMTP password
      problems.push('SMTP_URL must be an smtp:// or smtps:// URL (smtps://USER:PASS@host:465)');
      smtpUrl = undefined;
    }
  } else if (ctx.production) {
    problems.push(
      'SMTP_URL is required in production (e.g. Amazon SES SMTP: smtps://USER:PASS@email-smtp.ap-northeast-1.amazonaws.com:465)',
    );
  }

  let from = str('MAIL_FROM');
  if (from !== undefined && !fromAddress(from)) {
    problems.push(`MAIL_FROM must be one e-mail address, optionally with a name ("会議所 <kaigi@example.jp>"), got "${from}"`);
    from = undefined;
  } else if (from === undefined && ctx.production) {
    problems.push('MAIL_FROM (the sender address, e.g. "〇〇商工会議所 <kaigi@example.jp>") is required in production');
  }
  from ??= LOCAL_FROM;

  let sinkPort = 1025;
  const rawPort = str('SMTP_PORT');
  if (rawPort !== undefined) {
    const n = Number(rawPort);
    if (Number.isInteger(n) && n >= 1 && n <= 65535) sinkPort = n;
    else problems.push(`SMTP_PORT must be a TCP port (1-65535), got "${rawPort}"`);
  }

  const mode = str('MAIL_WORKER') ?? (ctx.production ? 'off' : 'in-process');
  if (!(WORKER_MODES as readonly string[]).includes(mode)) {
    problems.push(`MAIL_WORKER must be one of ${WORKER_MODES.join(', ')}, got "${mode}"`);
  }
  return {
    smtpUrl,
    from,
    fromDomain: fromAddress(from)!.domain,
    sinkPort,
    inProcessWorker: mode === 'in-process',
  };
}
