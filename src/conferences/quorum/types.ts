/** Shapes of the reception and quorum API (server/schemas/reception.ts; types only, erased from the bundle). */
import type { Static } from 'typebox';
import type {
  Quorum,
  QuorumSettingsSchema,
  ReceptionCounts,
  FullReceptionList,
  ReceptionRow,
} from '../../../server/schemas/reception.ts';

export type QuorumSettings = Static<typeof QuorumSettingsSchema>;
export type ReceptionList = Static<typeof FullReceptionList>;
export type { Quorum, ReceptionCounts, ReceptionRow };
