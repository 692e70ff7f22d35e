/** The repeated rows of the template form (sub-conferences, invitee rules, 議案): visible actions, labelled add. */
import AddIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import { Button, useSimpleFormIterator } from 'react-admin';

/** Row actions of SimpleFormIterator are hidden until hover by default: keep them visible (keyboard, touch). */
export const iteratorSx = { '& .RaSimpleFormIterator-action': { visibility: 'visible' } } as const;

/** A labelled add button (the default one is an icon only); `newRow` fills the row added after `total` rows. */
export const AddRowButton = ({ label, newRow }: { label: string; newRow?: (total: number) => object }) => {
  const { add, total } = useSimpleFormIterator();
  return (
    <Button label={label} onClick={() => add(newRow?.(total))}>
      <AddIcon />
    </Button>
  );
};
