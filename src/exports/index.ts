/**
 * ファイル出力 (issue 6): the chamber's export jobs, with progress while they run and the download
 * of their files. Jobs are created from the other screens (ExportButton); there is no create,
 * edit or show view. The list is lazy so the first load stays small (DESIGN.md §9).
 */
import { createElement, lazy } from 'react';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { ExportJobTitle } from './ExportJobTitle';

const resource = {
  list: lazy(() => import('./ExportList')),
  icon: FileDownloadIcon,
  recordRepresentation: createElement(ExportJobTitle),
};
export default resource;
