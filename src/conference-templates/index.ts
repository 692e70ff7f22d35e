/**
 * Conference templates (issue 4 §3; master type CCI_CONFERENCE_TEMPLATE): list and show for both
 * chamber roles, create / edit / delete for CCI_ADMIN (access/permissions.ts through canAccess).
 */
import { lazy } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';

const resource = {
  list: lazy(() => import('./ConferenceTemplateList')),
  create: lazy(() => import('./ConferenceTemplateCreate')),
  edit: lazy(() => import('./ConferenceTemplateEdit')),
  show: lazy(() => import('./ConferenceTemplateShow')),
  icon: ContentCopyIcon,
  recordRepresentation: 'name',
};
export default resource;
