/**
 * A form toolbar with only 「保存」: for resources the API cannot delete (companies, members),
 * where react-admin's default toolbar would offer a delete button.
 */
import { SaveButton, Toolbar } from 'react-admin';

export const SaveOnlyToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);
