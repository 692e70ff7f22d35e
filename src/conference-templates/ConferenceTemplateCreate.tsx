/** Create a conference template (CCI_ADMIN; POST /v1/cci/{cci_code}/master/CCI_CONFERENCE_TEMPLATE). */
import { Create, SimpleForm, useTranslate } from 'react-admin';
import { useNotifyApiError } from '../common/apiErrors';
import { ConferenceTemplateInputs } from './ConferenceTemplateInputs';
import { TEMPLATE_DEFAULTS, toTemplateCreate } from './templateBody';
import { FormDraft } from '../common/drafts/FormDraft';

const ConferenceTemplateCreate = () => {
  const translate = useTranslate();
  const notifyApiError = useNotifyApiError();
  return (
    <Create
      title={translate('kaigi.conference_templates.title.create')}
      transform={toTemplateCreate}
      redirect="list"
      mutationOptions={{ onError: (error: unknown) => notifyApiError(error) }}
    >
      <SimpleForm defaultValues={TEMPLATE_DEFAULTS}>
        <FormDraft />
        <ConferenceTemplateInputs />
      </SimpleForm>
    </Create>
  );
};

export default ConferenceTemplateCreate;
