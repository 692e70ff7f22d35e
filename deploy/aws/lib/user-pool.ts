/**
 * The Cognito user pool, set up like the local one (server/infra/cognito-local.ts; README,
 * Configuration): sign-in by e-mail, password length ≥ 8 without character classes (spec §9), MFA
 * off, admin-created users only, custom attributes `user_type` and `company_id`; a public app
 * client (no secret, SRP / password / refresh) whose write attributes are exactly email and name
 * (never `custom:*`: a user could change its own role or company), and the hosted-login domain with
 * `${origin}/login` as callback and sign-out URL (docs/decisions/0013-hosted-login.md).
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import {
  APP_CLIENT_READ_ATTRIBUTES,
  APP_CLIENT_WRITE_ATTRIBUTES,
  COGNITO_CLIENT_NAME,
} from '../../../server/infra/cognito-local.ts';
import type { KaigiConfig } from './config.ts';

/** The custom attributes' names without `custom:`, from the read list the local pool uses. */
const CUSTOM_ATTRIBUTES = APP_CLIENT_READ_ATTRIBUTES.filter((a) => a.startsWith('custom:')).map((a) => a.slice(7));

export class UserPool extends Construct {
  readonly pool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly domain: cognito.UserPoolDomain;

  constructor(scope: Construct, id: string, { environment, sizing, site }: KaigiConfig) {
    super(scope, id);
    this.pool = new cognito.UserPool(this, 'Pool', {
      userPoolName: `kaigi-${environment}`,
      // Lite has all Kaigi uses (admin API, custom attributes, the classic hosted login) at the
      // lowest price per monthly active user; Essentials is CloudFormation's default for new pools
      featurePlan: cognito.FeaturePlan.LITE,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      selfSignUpEnabled: false,
      mfa: cognito.Mfa.OFF,
      passwordPolicy: {
        minLength: 8,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      customAttributes: Object.fromEntries(
        CUSTOM_ATTRIBUTES.map((name) => [name, new cognito.StringAttribute({ mutable: true })]),
      ),
      // Cognito's own mail (invitations, codes) goes through SES with the chamber's sender
      email: cognito.UserPoolEmail.withSES({
        fromEmail: addressOf(site.mailFrom),
        fromName: nameOf(site.mailFrom),
        sesRegion: site.region,
        // the README has the operator verify the sender's domain in SES, not the single address
        sesVerifiedDomain: addressOf(site.mailFrom).split('@').pop(),
      }),
      deletionProtection: sizing.protectData,
      removalPolicy: sizing.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    const standard = (names: string[]) =>
      Object.fromEntries(names.filter((n) => !n.startsWith('custom:')).map((n) => [camel(n), true]));
    const origin = `https://${site.domainName}`;
    this.client = this.pool.addClient('Web', {
      userPoolClientName: COGNITO_CLIENT_NAME,
      generateSecret: false,
      authFlows: { userSrp: true, userPassword: true },
      preventUserExistenceErrors: true,
      writeAttributes: new cognito.ClientAttributes().withStandardAttributes(standard(APP_CLIENT_WRITE_ATTRIBUTES)),
      readAttributes: new cognito.ClientAttributes()
        .withStandardAttributes(standard(APP_CLIENT_READ_ATTRIBUTES))
        .withCustomAttributes(...CUSTOM_ATTRIBUTES),
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [
          cognito.OAuthScope.OPENID,
          cognito.OAuthScope.EMAIL,
          cognito.OAuthScope.PROFILE,
          cognito.OAuthScope.COGNITO_ADMIN,
        ],
        callbackUrls: [`${origin}/login`],
        logoutUrls: [`${origin}/login`],
      },
    });
    this.domain = this.pool.addDomain('Hosted', { cognitoDomain: { domainPrefix: site.cognitoDomainPrefix } });
  }

  /** COGNITO_HOSTED_LOGIN_DOMAIN: the host name, without scheme. */
  hostedLoginHost(region: string): string {
    return `${this.domain.domainName}.auth.${region}.amazoncognito.com`;
  }
}

/** Cognito's attribute name → CDK's StandardAttributesMask key (name → fullname, email_verified → emailVerified). */
const camel = (name: string) => (name === 'name' ? 'fullname' : name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()));

const FROM = /^\s*(.*?)\s*<([^>]+)>\s*$/;
const addressOf = (from: string) => FROM.exec(from)?.[2] ?? from.trim();
const nameOf = (from: string) => FROM.exec(from)?.[1] || undefined;
