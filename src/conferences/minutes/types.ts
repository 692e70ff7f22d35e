/**
 * 議事録 (issue 35, DESIGN.md §12.2): the shapes of server/schemas/minutes.ts (`import type`, erased
 * from the bundle).
 */
export type {
  CompanyMinutes,
  DiffLine,
  FigureValue,
  Minutes,
  MinutesContent,
  MinutesPerson,
  MinutesUpdate,
  MinutesVersions,
  MinutesView,
} from '../../api/schema';
