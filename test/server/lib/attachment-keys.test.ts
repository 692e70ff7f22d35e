import { describe, expect, it } from 'vitest';
import { assertAttachmentKeys, isAttachmentKey } from '../../../server/lib/attachment-keys.ts';
import { Problem } from '../../../server/lib/problem.ts';

describe('isAttachmentKey', () => {
  it('is true only for valid keys under {cci_code}/attachments/', () => {
    expect(isAttachmentKey('demo', 'demo/attachments/u/議事次第.pdf')).toBe(true);
    for (const key of [
      'other/attachments/u/x.pdf',
      'demo/exports/1/x.xlsx',
      'demo/attachments/../x.pdf',
      'demo/attachments//x.pdf',
      'demo/attachments/',
      'demo/attachments',
      'demox/attachments/u/x.pdf',
      'demo/attachments/u/a\\b.pdf',
      '',
    ])
      expect(isAttachmentKey('demo', key), key).toBe(false);
  });
});

describe('assertAttachmentKeys', () => {
  it('passes absent and empty lists', () => {
    expect(() =>
      assertAttachmentKeys('demo', [
        [undefined, 'body'],
        [[], 'body.sub_conferences.0'],
      ]),
    ).not.toThrow();
  });

  it('throws one 400 naming each bad key by its place in the body', () => {
    let thrown: unknown;
    try {
      assertAttachmentKeys('demo', [
        [[{ key: 'other/attachments/u/x.pdf', name: 'x.pdf', size: 1 }], 'body'],
        [
          [
            { key: 'demo/attachments/u/ok.pdf', name: 'ok.pdf', size: 1 },
            { key: 'demo/exports/1/x.csv', name: 'x.csv', size: 1 },
          ],
          'body.sub_conferences.2',
        ],
      ]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Problem);
    const problem = thrown as Problem;
    expect(problem.status).toBe(400);
    expect(problem.code).toBe('invalid_attachment_key');
    expect(problem.errors.map((e) => e.field)).toEqual(['body.attachments.0.key', 'body.sub_conferences.2.attachments.1.key']);
  });
});
