/**
 * Edit a conference template (CCI_ADMIN; PUT …/CCI_CONFERENCE_TEMPLATE/{id} with `version`; the
 * body is replaced as a whole). A 409 version_conflict offers to reload without losing the input;
 * the delete button asks for confirmation (pessimistic mode).
 */
import { SimpleForm, useRecordContext, useTranslate } from 'react-admin';
import { ConflictAwareEdit } from '../common/ConflictAwareEdit';
import { ConflictNotice } from '../common/ConflictNotice';
import { useCciCode } from '../master-data/useCciCode';
import { ConferenceTemplateInputs } from './ConferenceTemplateInputs';
import { toTemplateUpdate } from './templateBody';
import { FormDraft } from '../common/drafts/FormDraft';

const TemplateTitle = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  return <span>{translate('kaigi.conference_templates.title.edit', { name: record?.name ?? '' })}</span>;
};

const ConferenceTemplateEdit = () => {
  const cciCode = useCciCode();
  return (
    <ConflictAwareEdit
      title={<TemplateTitle />}
      transform={toTemplateUpdate}
      redirect="list"
      queryOptions={{ enabled: cciCode !== null }}
    >
      <SimpleForm>
        <ConflictNotice />
        <FormDraft />
        <ConferenceTemplateInputs />
      </SimpleForm>
    </ConflictAwareEdit>
  );
};

export default ConferenceTemplateEdit;
