/** 送信履歴 (issue 13, DESIGN.md §11.2): the chamber's outbox, a list only (rows are written by the server). */
import { lazy } from 'react';
import OutboxIcon from '@mui/icons-material/Outbox';

const resource = {
  list: lazy(() => import('./NotificationList')),
  icon: OutboxIcon,
};
export default resource;
