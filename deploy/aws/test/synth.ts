/** Synthesises both environments with example site settings (nothing real, nothing secret). */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildStacks } from '../lib/app.ts';
import type { EnvironmentName, SiteSettings } from '../lib/config.ts';

export const EXAMPLE_SITES: Record<EnvironmentName, Partial<SiteSettings>> = {
  staging: {
    account: '111111111111',
    domainName: 'kaigi-stg.example.jp',
    certificateArn: 'arn:aws:acm:ap-northeast-1:111111111111:certificate/00000000-0000-0000-0000-000000000001',
    cognitoDomainPrefix: 'kaigi-stg-example',
    mailFrom: '例示商工会議所 <kaigi@example.jp>',
  },
  production: {
    account: '222222222222',
    domainName: 'kaigi.example.jp',
    certificateArn: 'arn:aws:acm:ap-northeast-1:222222222222:certificate/00000000-0000-0000-0000-000000000002',
    cognitoDomainPrefix: 'kaigi-example',
    mailFrom: 'kaigi@example.jp',
  },
};

export function synthesise(outdir?: string): Record<EnvironmentName, Template> {
  const app = new App({
    outdir,
    context: {
      ...Object.fromEntries(Object.entries(EXAMPLE_SITES).map(([env, site]) => [`kaigi:${env}`, site])),
      // the templates are what is checked: no copy of the image's build context into the output
      'aws:cdk:disable-asset-staging': true,
    },
  });
  const stacks = buildStacks(app);
  const assembly = app.synth();
  const template = (name: EnvironmentName) => {
    const stack = stacks.find((s) => s.stackName === `kaigi-${name}`);
    if (!stack) throw new Error(`kaigi-${name} was not synthesised`);
    return Template.fromJSON(assembly.getStackByName(stack.stackName).template as Record<string, unknown>);
  };
  return { staging: template('staging'), production: template('production') };
}
