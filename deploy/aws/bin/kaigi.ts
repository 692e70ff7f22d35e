/**
 * The CDK app: one stack per environment (`kaigi-staging`, `kaigi-production`), each from its
 * sizing (lib/config.ts) and the operator's site settings in the context `kaigi:<environment>`
 * (deploy/aws/cdk.json or `-c`). An environment without site settings is skipped with a note, so
 * `cdk deploy kaigi-staging` works before production is configured.
 */
import { App } from 'aws-cdk-lib';
import { buildStacks } from '../lib/app.ts';

const app = new App();
buildStacks(app, (line) => console.error(line));
app.synth();
