/**
 * Issue 16: deploy/nginx/kaigi.conf, the production nginx file, treats every room event stream as
 * a stream (unbuffered, long read timeout, no gzip) and only those; start:cluster's copy differs
 * from it in the listen port and the upstream servers alone.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { localizeConf, PRODUCTION_CONF } from '../../scripts/cluster/nginx.ts';
import { companyRoom, linkRoom, staffRoom } from '../helpers/room-fixtures.ts';

const conf = await readFile(PRODUCTION_CONF, 'utf8');
const sseBlock = /location ~ (\S+) \{([^}]*)\}/.exec(conf)!;
const ssePath = new RegExp(sseBlock[1]);

describe('deploy/nginx/kaigi.conf (issue 16)', () => {
  it('sends the three audiences’ room event streams through the unbuffered location, nothing else', () => {
    for (const path of [staffRoom(12, '/events'), companyRoom(12, '/events'), linkRoom('abc.DEF-_1', '/events')]) {
      expect(path).toMatch(ssePath);
    }
    for (const path of [companyRoom(12, '/chat'), companyRoom(12), '/v1/company/conference_members', '/v1/cci/demo/export']) {
      expect(path).not.toMatch(ssePath);
    }
    expect(sseBlock[2]).toMatch(/proxy_buffering off;/);
    expect(sseBlock[2]).toMatch(/gzip off;/);
    expect(sseBlock[2]).toMatch(/proxy_read_timeout 1h;/);
  });

  it('is used by start:cluster with only its ports replaced', () => {
    const local = localizeConf(conf, { host: '127.0.0.1', port: 17190 }, [17191, 17192, 17193]);
    expect(local).toMatch(/listen 127\.0\.0\.1:17190;/);
    expect(local.match(/^\s*server 127\.0\.0\.1:(\d+);$/gm)?.map((l) => l.trim())).toEqual([
      'server 127.0.0.1:17191;',
      'server 127.0.0.1:17192;',
      'server 127.0.0.1:17193;',
    ]);
    const strip = (text: string) => text.replace(/^\s*(server 127\.0\.0\.1:|listen ).*\n/gm, '');
    expect(strip(local)).toBe(strip(conf));
  });
});
