/** Small readers over a synthesised template for the assertions in stacks.test.ts. */
import type { Template } from 'aws-cdk-lib/assertions';

export interface Container {
  Command?: string[];
  Environment?: Array<{ Name: string; Value: unknown }>;
  Secrets?: Array<{ Name: string; ValueFrom: unknown }>;
  LogConfiguration?: { LogDriver: string };
}

export function resourcesOf(template: Template, type: string): Array<Record<string, unknown>> {
  return Object.values(template.findResources(type)).map((r) => (r as { Properties: Record<string, unknown> }).Properties);
}

export function onlyResource(template: Template, type: string): Record<string, unknown> {
  const all = resourcesOf(template, type);
  if (all.length !== 1) throw new Error(`expected one ${type}, found ${all.length}`);
  return all[0]!;
}

export function containers(template: Template): Container[] {
  return resourcesOf(template, 'AWS::ECS::TaskDefinition').flatMap((t) => t.ContainerDefinitions as Container[]);
}

/** A value with CloudFormation functions: Fn::Join joined, every other function as `1`. */
export function renderIntrinsics(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'Fn::Join' in value) {
    const [separator, parts] = (value as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
    return parts.map(renderIntrinsics).join(separator);
  }
  return '1';
}
