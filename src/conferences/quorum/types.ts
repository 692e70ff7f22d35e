/** Shapes of the reception and quorum API (the generated src/api/schema.d.ts; types only). */
import type { Quorum, QuorumSettings, ReceptionCounts, ReceptionListResponse, ReceptionRow } from '../../api/schema';
import type { WholeList } from '../../api/wholeList';

export type { Quorum, QuorumSettings, ReceptionCounts, ReceptionRow };
export type ReceptionList = WholeList<ReceptionListResponse, ReceptionRow>;
