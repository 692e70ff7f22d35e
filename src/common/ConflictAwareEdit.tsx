/**
 * <Edit> for a record with `version` (DESIGN §5): pessimistic saves, a 409 `version_conflict`
 * reported to <ConflictNotice> (put it inside the form), every other failure notified in Japanese
 * (field errors stay on their fields). Its single form child gets `resetOptions` that keep the
 * user's typing when the record is reloaded (unless it sets its own); a form wrapped in something
 * else, or a custom form, needs `resetOptions={CONFLICT_RESET_OPTIONS}` itself.
 *
 *   <ConflictAwareEdit transform={toUpdateBody}>
 *     <SimpleForm>
 *       <ConflictNotice />
 *       <TextInput source="attributes.name1" />
 */
import { Children, cloneElement, isValidElement, type ReactElement } from 'react';
import { Edit, Form, SimpleForm, TabbedForm, type EditProps } from 'react-admin';
import { ConflictContext, useConflictAwareSave } from './useConflictAwareSave';
import { useDetailQueryOptions } from './detailQuery';

export type ConflictAwareEditProps = Omit<EditProps, 'mutationMode'>;

const FORMS: unknown[] = [SimpleForm, TabbedForm, Form];

const withResetOptions = (children: EditProps['children'], resetOptions: object) =>
  Children.map(children, (child) => {
    if (!isValidElement(child) || !FORMS.includes(child.type)) return child;
    const element = child as ReactElement<{ resetOptions?: object }>;
    return element.props.resetOptions === undefined ? cloneElement(element, { resetOptions }) : element;
  });

export const ConflictAwareEdit = ({ mutationOptions, queryOptions, children, ...props }: ConflictAwareEditProps) => {
  const conflict = useConflictAwareSave({ onError: mutationOptions?.onError as ((error: unknown) => void) | undefined });
  // spec §2: a 404 goes to /404 only (detailQuery.ts)
  const detailQueryOptions = useDetailQueryOptions(queryOptions);
  return (
    <ConflictContext.Provider value={conflict}>
      <Edit
        {...props}
        queryOptions={detailQueryOptions}
        mutationMode="pessimistic"
        mutationOptions={{ ...mutationOptions, onError: conflict.mutationOptions.onError }}
      >
        {withResetOptions(children, conflict.resetOptions)}
      </Edit>
    </ConflictContext.Provider>
  );
};
