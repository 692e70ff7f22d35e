/**
 * Where a list row leads for the signed-in user: the edit view when the user may edit (canAccess),
 * else the show view when the resource has one, else nowhere — so CCI_CONFERENCE_USER opens
 * master data read-only (DESIGN §6).
 *
 *   const rowClick = useRowClick('companies');   <DataTable rowClick={rowClick}>
 */
import { useCanAccess, useResourceDefinition } from 'react-admin';

export const useRowClick = (resource: string): 'edit' | 'show' | false => {
  const { hasEdit, hasShow } = useResourceDefinition({ resource });
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  const { canAccess: canShow } = useCanAccess({ resource, action: 'show' });
  if (hasEdit && canEdit) return 'edit';
  if (hasShow && canShow) return 'show';
  return false;
};
