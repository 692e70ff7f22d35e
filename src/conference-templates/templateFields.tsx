/** Read-only pieces of a conference template (list columns and the show view). */
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useRecordContext, useTranslate } from 'react-admin';
import { usePositionTypeChoices } from '../master-data/usePositionTypeChoices';
import { ORDINARY, ruleSummary } from '../conferences/motions/ruleForm';
import { ANSWER_CHOICES, type InviteeRule, type SubConferenceTemplate, type TemplateBody } from './templateBody';

const T = 'kaigi.conference_templates';

type Translate = ReturnType<typeof useTranslate>;

const bodyOf = (record: Record<string, unknown> | undefined): TemplateBody =>
  (record?.body && typeof record.body === 'object' ? record.body : {}) as TemplateBody;

export const deadlineText = (translate: Translate, days: number | undefined) =>
  days === undefined
    ? translate(`${T}.none`)
    : days === 0
      ? translate(`${T}.deadline.same_day`)
      : translate(`${T}.deadline.days_before`, { days });

export const timeRangeText = (translate: Translate, body: TemplateBody) =>
  body.start_time || body.end_time
    ? translate(`${T}.time_range`, { start: body.start_time ?? '', end: body.end_time ?? '' })
    : translate(`${T}.none`);

const offsetText = (translate: Translate, minutes: number | undefined) => {
  if (minutes === undefined) return '';
  if (minutes === 0) return translate(`${T}.sub.offset_same`);
  return minutes > 0
    ? translate(`${T}.sub.offset_after`, { minutes })
    : translate(`${T}.sub.offset_before`, { minutes: -minutes });
};

export const TimeRangeField = (_props: { source?: string; label?: string }) => {
  const translate = useTranslate();
  return (
    <Typography component="span" variant="body2">
      {timeRangeText(translate, bodyOf(useRecordContext()))}
    </Typography>
  );
};

export const DeadlineField = (_props: { source?: string; label?: string }) => {
  const translate = useTranslate();
  return (
    <Typography component="span" variant="body2">
      {deadlineText(translate, bodyOf(useRecordContext()).answer_deadline_days_before)}
    </Typography>
  );
};

export const AnswerChoicesField = (_props: { source?: string; label?: string }) => {
  const translate = useTranslate();
  const choices = bodyOf(useRecordContext()).answer_choices ?? [];
  if (choices.length === 0)
    return (
      <Typography component="span" variant="body2">
        {translate(`${T}.none`)}
      </Typography>
    );
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {ANSWER_CHOICES.filter((c) => choices.includes(c)).map((choice) => (
        <Chip key={choice} size="small" label={translate(`${T}.answer_choices.${choice}`)} />
      ))}
    </Stack>
  );
};

export const AllowDelegateField = (_props: { source?: string; label?: string }) => {
  const translate = useTranslate();
  return (
    <Typography component="span" variant="body2">
      {translate(bodyOf(useRecordContext()).allow_delegate ? `${T}.yes` : `${T}.no`)}
    </Typography>
  );
};

/** In lists: the names of the sub-conferences. */
export const SubConferenceNamesField = (_props: { source?: string; label?: string }) => {
  const translate = useTranslate();
  const subs = bodyOf(useRecordContext()).sub_conferences ?? [];
  return (
    <Typography component="span" variant="body2">
      {subs.length === 0 ? translate(`${T}.none`) : subs.map((s) => s.name).join('、')}
    </Typography>
  );
};

export const SubConferencesField = (_props: { source?: string; label?: string }) => {
  const translate = useTranslate();
  const subs: SubConferenceTemplate[] = bodyOf(useRecordContext()).sub_conferences ?? [];
  const ruleText = useRuleText();
  if (subs.length === 0)
    return (
      <Typography component="span" variant="body2">
        {translate(`${T}.none`)}
      </Typography>
    );
  return (
    <List dense disablePadding>
      {subs.map((sub, index) => (
        <ListItem key={index} disableGutters>
          <ListItemText
            primary={sub.name}
            secondary={[
              sub.place,
              offsetText(translate, sub.start_offset_minutes),
              sub.duration_minutes !== undefined ? translate(`${T}.sub.duration`, { minutes: sub.duration_minutes }) : '',
              sub.description,
              sub.invitee_rules?.length
                ? translate(`${T}.sub.invited_by`, { rules: sub.invitee_rules.map(ruleText).join('、') })
                : '',
            ]
              .filter(Boolean)
              .join(' / ')}
          />
        </ListItem>
      ))}
    </List>
  );
};

/** 「役員 ／ 正副会頭会議（会頭、副会頭）」: one rule as staff read it. */
const useRuleText = () => {
  const translate = useTranslate();
  const { choices } = usePositionTypeChoices();
  return (rule: InviteeRule) => {
    const type = choices.find((c) => c.id === rule.position_type)?.name ?? rule.position_type;
    const names = rule.position_names?.length ? `（${rule.position_names.join('、')}）` : '';
    return `${type} ／ ${rule.department_name ?? translate(`${T}.all_departments`)}${names}`;
  };
};

export const InviteeRulesField = (_props: { source?: string; label?: string }) => {
  const translate = useTranslate();
  const { choices } = usePositionTypeChoices();
  const rules: InviteeRule[] = bodyOf(useRecordContext()).invitee_rules ?? [];
  if (rules.length === 0)
    return (
      <Typography component="span" variant="body2">
        {translate(`${T}.none`)}
      </Typography>
    );
  const typeName = (type: string) => choices.find((c) => c.id === type)?.name ?? type;
  return (
    <List dense disablePadding>
      {rules.map((rule, index) => (
        <ListItem key={index} disableGutters>
          <ListItemText
            primary={`${typeName(rule.position_type)} ／ ${rule.department_name ?? translate(`${T}.all_departments`)}`}
            secondary={rule.position_names?.length ? rule.position_names.join('、') : translate(`${T}.rule.all_positions`)}
          />
        </ListItem>
      ))}
    </List>
  );
};

/** 「第1号議案 令和7年度事業報告承認の件」 with its 議決要件 (the words of the 議案 tab). */
export const MotionsField = (_props: { source?: string; label?: string }) => {
  const translate = useTranslate();
  const motions = bodyOf(useRecordContext()).motions ?? [];
  if (motions.length === 0)
    return (
      <Typography component="span" variant="body2">
        {translate(`${T}.motions.none`)}
      </Typography>
    );
  return (
    <List dense disablePadding>
      {motions.map((motion, index) => (
        <ListItem key={index} disableGutters>
          <ListItemText
            primary={`${motion.number} ${motion.title}`}
            secondary={translate(...ruleSummary(motion.rule ?? ORDINARY))}
          />
        </ListItem>
      ))}
    </List>
  );
};
