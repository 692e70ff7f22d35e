/**
 * Put inside a react-admin form (SimpleForm, TabbedForm, Form — react-hook-form underneath): keeps
 * what was typed when the session ends (useRouteDraft) and, after sign-in, puts it back over the
 * record's values (so the form is dirty and 保存 is enabled) with a notice. Only changed forms
 * leave a draft.
 */
import { useFormContext } from 'react-hook-form';
import { DraftRestoredNotice } from './DraftRestoredNotice';
import { useRouteDraft } from './useRouteDraft';

export const FormDraft = () => {
  const { getValues, reset, formState } = useFormContext();
  // Read while rendering: react-hook-form only tracks the form state a component reads.
  const { isDirty, isReady } = formState;
  const { restored } = useRouteDraft({
    getValues: () => (isDirty ? getValues() : undefined),
    // Over the record's values: what the form defaults to stays the record, so the restored fields are dirty.
    restore: (draft) => reset({ ...getValues(), ...draft }, { keepDefaultValues: true }),
    ready: isReady,
  });
  return <DraftRestoredNotice show={restored} />;
};
