/**
 * Edit a conference template (CCI_ADMIN; PUT …/CCI_CONFERENCE_TEMPLATE/{id} with `version`; the
 * body is replaced as a whole). A 409 version_conflict offers to reload without losing the input;
 * the delete button asks for confirmation (pessimistic mode).
 */
import { DeleteButton, SaveButton, SimpleForm, Toolbar, useRecordContext, useSaveContext, useTranslate } from 'react-admin';
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

/**
 * Save stays enabled: after 最新の内容を読み込む the typed values are kept, but react-hook-form loses
 * their dirty state under the nested invitee-rule arrays of the sub-conference rows, and a
 * disabled 保存 would leave no way to save them.
 */
const TemplateToolbar = () => {
  const { mutationMode } = useSaveContext();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton alwaysEnable />
      <DeleteButton mutationMode={mutationMode} />
    </Toolbar>
  );
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
      <SimpleForm toolbar={<TemplateToolbar />}>
        <ConflictNotice />
        <FormDraft />
        <ConferenceTemplateInputs />
      </SimpleForm>
    </ConflictAwareEdit>
  );
};

export default ConferenceTemplateEdit;
