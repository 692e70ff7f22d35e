/**
 * Conference templates of the chamber (GET /v1/cci/{cci_code}/master/CCI_CONFERENCE_TEMPLATE).
 * Both chamber roles read them; CCI_ADMIN creates, edits and deletes (the buttons follow
 * canAccess, so CCI_CONFERENCE_USER sees no create, edit or delete action and rows open the
 * read-only view).
 */
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BulkDeleteButton, DataTable, List, type RaRecord, SimpleList, TextInput, useCanAccess, useTranslate } from 'react-admin';
import { JaDateField } from '../common/JaDateField';
import { ListEmpty } from '../common/ListEmpty';
import { useCciCode } from '../master-data/useCciCode';
import { DeadlineField, SubConferenceNamesField, TimeRangeField, timeRangeText } from './templateFields';
import type { TemplateBody } from './templateBody';
import { KeyboardDataTableBody } from '../common/KeyboardDataTableBody';

const ConferenceTemplateList = () => {
  const translate = useTranslate();
  const cciCode = useCciCode();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const { canAccess: canEdit } = useCanAccess({ resource: 'conference_templates', action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: 'conference_templates', action: 'delete' });
  const rowClick = canEdit ? 'edit' : 'show';
  const filters = [
    <TextInput key="q" source="q" alwaysOn placeholder={translate('kaigi.conference_templates.helper.q')} />,
    <TextInput key="code" source="conference_template_code__startswith" alwaysOn />,
  ];
  return (
    <List
      filters={filters}
      sort={{ field: 'conference_template_code', order: 'ASC' }}
      exporter={false}
      empty={<ListEmpty />}
      queryOptions={{ enabled: cciCode !== null }}
    >
      {isSmall ? (
        <SimpleList
          primaryText={(record: RaRecord) => String(record.name ?? '')}
          secondaryText={(record: RaRecord) => String(record.conference_template_code ?? '')}
          tertiaryText={(record: RaRecord) => timeRangeText(translate, (record.body ?? {}) as TemplateBody)}
          linkType={rowClick}
          empty={<ListEmpty />}
        />
      ) : (
        <DataTable
          body={KeyboardDataTableBody}
          rowClick={rowClick}
          bulkActionButtons={
            canDelete ? (
              <BulkDeleteButton
                mutationMode="pessimistic"
                confirmTitle="resources.conference_templates.message.bulk_delete_title"
                confirmContent="resources.conference_templates.message.bulk_delete_content"
              />
            ) : (
              false
            )
          }
          empty={<ListEmpty />}
        >
          <DataTable.Col source="conference_template_code" />
          <DataTable.Col source="name" />
          <DataTable.Col source="body.place" disableSort />
          <DataTable.Col source="time" disableSort>
            <TimeRangeField />
          </DataTable.Col>
          <DataTable.Col
            source="body.answer_deadline_days_before"
            label="resources.conference_templates.fields.deadline"
            disableSort
          >
            <DeadlineField />
          </DataTable.Col>
          <DataTable.Col
            source="body.sub_conferences"
            label="resources.conference_templates.fields.sub_conference_count"
            disableSort
          >
            <SubConferenceNamesField />
          </DataTable.Col>
          <DataTable.Col source="updated_at">
            <JaDateField source="updated_at" format="datetime" />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
};

export default ConferenceTemplateList;
