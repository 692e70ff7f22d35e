import type { App } from 'aws-cdk-lib';
import { ENVIRONMENT_NAMES, SIZING, siteSettingsFrom } from './config.ts';
import { KaigiStack } from './kaigi-stack.ts';

/** Adds the stack of every environment whose site settings are in the app's context. */
export function buildStacks(app: App, note: (line: string) => void = () => {}): KaigiStack[] {
  const stacks: KaigiStack[] = [];
  for (const environment of ENVIRONMENT_NAMES) {
    const raw: unknown = app.node.tryGetContext(`kaigi:${environment}`);
    if (raw === undefined) {
      note(`kaigi-${environment}: no context kaigi:${environment}, not synthesised (README, Deploy to AWS)`);
      continue;
    }
    const site = siteSettingsFrom(environment, typeof raw === 'string' ? JSON.parse(raw) : raw);
    stacks.push(new KaigiStack(app, `kaigi-${environment}`, { environment, sizing: SIZING[environment], site }));
  }
  return stacks;
}
