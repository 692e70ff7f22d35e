/**
 * 取込 (issue 17, DESIGN.md §11.4; CCI_ADMIN only): a chamber's 事業所, 会員 and 役職 from Excel or CSV.
 * The list page starts new imports and lists them all; the show page is one import's progress and
 * result, with 取込実行 for a dry run. Lazy, so the first load stays small (DESIGN.md §9).
 */
import { createElement, lazy } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { ImportTitle } from './ImportTitle';

const resource = {
  list: lazy(() => import('./ImportList')),
  show: lazy(() => import('./ImportShow')),
  icon: UploadFileIcon,
  recordRepresentation: createElement(ImportTitle),
};
export default resource;
