/**
 * DataTable rows that open from the keyboard too. react-admin's rows navigate on a mouse click only;
 * these are focusable when the table has a row click, and Enter or Space on a focused row does what
 * a click does (WCAG 2.1.1). Use as `<DataTable body={KeyboardDataTableBody} rowClick=…>`.
 */
import { forwardRef, type KeyboardEvent } from 'react';
import {
  DataTableBody,
  DataTableRow,
  useDataTableCallbacksContext,
  type DataTableBodyProps,
  type DataTableRowProps,
} from 'react-admin';

const openOnEnterOrSpace = (event: KeyboardEvent<HTMLTableRowElement>) => {
  if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
  event.preventDefault();
  event.currentTarget.click();
};

const KeyboardDataTableRow = forwardRef<HTMLTableRowElement, DataTableRowProps>((props, ref) => {
  const { rowClick } = useDataTableCallbacksContext();
  const clickable = rowClick !== false && rowClick !== undefined;
  return <DataTableRow ref={ref} {...props} {...(clickable ? { tabIndex: 0, onKeyDown: openOnEnterOrSpace } : {})} />;
});
KeyboardDataTableRow.displayName = 'KeyboardDataTableRow';

export const KeyboardDataTableBody = forwardRef<HTMLTableSectionElement, DataTableBodyProps>((props, ref) => (
  <DataTableBody ref={ref} {...props} row={KeyboardDataTableRow} />
));
KeyboardDataTableBody.displayName = 'KeyboardDataTableBody';
