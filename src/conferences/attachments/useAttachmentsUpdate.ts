/**
 * Writes a conference's attachments with its versioned update (PUT …/conferences/{id} with
 * `version`, DESIGN §5), one change at a time: uploads finishing together and deletes are queued,
 * and each change is applied to the newest record this screen knows. On a 409 version_conflict
 * (someone saved the conference meanwhile) the record is read again and the same change applied
 * to it once more; a second conflict is reported to the user.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useDataProvider, useUpdate } from 'react-admin';
import { isVersionConflict } from '../../common/apiErrors';
import type { Conference } from '../types';

export type Attachment = Conference['attachments'][number];
export type AttachmentsChange = (current: Attachment[]) => Attachment[];

export interface AttachmentsUpdateResult {
  record: Conference;
  /** True when a 409 made us reload the record and apply the change again. */
  reloaded: boolean;
}

export class AttachmentsConflictError extends Error {
  constructor(readonly cause: unknown) {
    super('attachments: version conflict after reloading');
    this.name = 'AttachmentsConflictError';
  }
}

const MAX_ATTEMPTS = 2;

export const useAttachmentsUpdate = (record: Conference | undefined) => {
  const dataProvider = useDataProvider();
  const [update] = useUpdate<Conference, unknown>();
  const latest = useRef<Conference | undefined>(record);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  // the record shown may be newer than ours (reloaded, saved in another tab of this screen)
  useEffect(() => {
    if (record && (!latest.current || latest.current.id !== record.id || record.version > latest.current.version)) {
      latest.current = record;
    }
  }, [record]);

  const apply = useCallback(
    async (change: AttachmentsChange): Promise<AttachmentsUpdateResult> => {
      if (!latest.current) throw new Error('no conference loaded');
      let base: Conference = latest.current;
      let reloaded = false;
      for (let attempt = 1; ; attempt += 1) {
        try {
          // with returnPromise the saved record (react-admin's type leaves the option open: `| void`)
          const saved = (await update(
            'conferences',
            { id: base.id, data: { version: base.version, attachments: change(base.attachments ?? []) }, previousData: base },
            { mutationMode: 'pessimistic', returnPromise: true },
          )) as Conference;
          latest.current = saved;
          return { record: saved, reloaded };
        } catch (error) {
          if (!isVersionConflict(error)) throw error;
          if (attempt >= MAX_ATTEMPTS) throw new AttachmentsConflictError(error);
          const { data }: { data: Conference } = await dataProvider.getOne<Conference>('conferences', { id: base.id });
          base = data;
          latest.current = data;
          reloaded = true;
        }
      }
    },
    [dataProvider, update],
  );

  /** Queues `change`; resolves with the saved record once it (and the changes before it) are done. */
  return useCallback(
    (change: AttachmentsChange): Promise<AttachmentsUpdateResult> => {
      const run = queue.current.then(() => apply(change));
      queue.current = run.catch(() => undefined);
      return run;
    },
    [apply],
  );
};
