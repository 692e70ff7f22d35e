/**
 * 議事録 (issue 35, DESIGN.md §12.2): the shapes of the document's components
 * (src/api/schema.d.ts).
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
