/**
 * The image recipe the CDK app builds (no Docker daemon or registry here, so it is read, not built):
 * Node 24 slim in both stages, the folder `npm run build:prod` makes (which test:prod-build starts),
 * an unprivileged user, and the API task's command as the default.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_COMMAND } from '../lib/tasks.ts';

const dockerfile = readFileSync(path.resolve(import.meta.dirname, '../../../Dockerfile'), 'utf8');
const instructions = dockerfile
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
  .join('\n')
  .replace(/\\\n\s*/g, ' ')
  .split('\n');

describe('Dockerfile', () => {
  it('builds with npm run build:prod and ships only its folder, on Node 24 slim, as the node user', () => {
    expect(instructions.filter((i) => i.startsWith('FROM '))).toEqual(['FROM node:24-slim AS build', 'FROM node:24-slim']);
    expect(instructions).toContain('RUN npm run build:prod');
    const afterRuntime = instructions.slice(instructions.indexOf('FROM node:24-slim'));
    expect(afterRuntime.filter((i) => i.startsWith('COPY'))).toEqual(['COPY --from=build /src/build/prod /app']);
    expect(afterRuntime).toContain('USER node');
    expect(afterRuntime.find((i) => i.startsWith('ENV '))).toMatch(/NODE_ENV=production/);
  });

  it('starts the API as its ECS task does', () => {
    const cmd = instructions.find((i) => i.startsWith('CMD '));
    expect(JSON.parse(cmd!.slice(4))).toEqual(API_COMMAND);
  });
});
