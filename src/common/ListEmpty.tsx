/**
 * The Japanese empty state of a list. Without filters: 「<resource>はまだ登録されていません」 and the
 * create button when the resource has a create view and the user may create (canAccess). With
 * filters: 「条件に一致する<resource>はありません」 and a button that clears them. Announced politely
 * (role="status").
 *
 *   <List empty={<ListEmpty />}>  <DataTable empty={<ListEmpty />}>
 */
import { Box, Button, Typography } from '@mui/material';
import InboxIcon from '@mui/icons-material/Inbox';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import {
  CreateButton,
  useCanAccess,
  useGetResourceLabel,
  useListContextWithProps,
  useResourceContext,
  useResourceDefinition,
  useTranslate,
} from 'react-admin';

export interface ListEmptyProps {
  resource?: string;
  /** Hide the create button even where the user may create. */
  disableCreate?: boolean;
}

const isActive = (value: unknown) => value !== undefined && value !== null && value !== '';

export const ListEmpty = ({ resource: resourceProp, disableCreate }: ListEmptyProps) => {
  const translate = useTranslate();
  const resource = useResourceContext({ resource: resourceProp });
  const { hasCreate } = useResourceDefinition({ resource });
  const getResourceLabel = useGetResourceLabel();
  const list = useListContextWithProps({});
  const name = resource ? getResourceLabel(resource, 0) : '';
  const filtered = Object.values(list?.filterValues ?? {}).some(isActive);
  const { canAccess } = useCanAccess({ resource: resource ?? '', action: 'create' });
  const canCreate = !filtered && !!hasCreate && !disableCreate && canAccess === true;

  return (
    <Box role="status" sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }}>
      <InboxIcon sx={{ fontSize: 64, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {translate(filtered ? 'kaigi.common.empty.filtered' : 'kaigi.common.empty.title', { name })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate(
          filtered
            ? 'kaigi.common.empty.filtered_hint'
            : canCreate
              ? 'kaigi.common.empty.invite'
              : 'kaigi.common.empty.read_only',
        )}
      </Typography>
      <Box sx={{ mt: 2 }}>
        {filtered ? (
          <Button variant="outlined" startIcon={<FilterAltOffIcon />} onClick={() => list.setFilters?.({}, [])}>
            {translate('kaigi.common.empty.clear_filters')}
          </Button>
        ) : (
          canCreate && <CreateButton variant="contained" resource={resource} />
        )}
      </Box>
    </Box>
  );
};
