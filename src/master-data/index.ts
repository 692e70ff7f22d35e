/** Master data browser by master type (issue 4 §3): list only, read-only for both chamber roles. */
import { lazy } from 'react';
import StorageIcon from '@mui/icons-material/Storage';

const resource = {
  list: lazy(() => import('./MasterDataList')),
  icon: StorageIcon,
  recordRepresentation: 'name',
};
export default resource;
