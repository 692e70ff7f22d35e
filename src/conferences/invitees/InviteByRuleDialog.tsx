/**
 * 役職で招待 (issue 4 §3; DESIGN.md §1): everyone holding a position of the chosen types (names
 * from master data cci_position_type through usePositionTypes(), which falls back to the built-in
 * Japanese names when the master cannot be read) and/or departments on the event day. Members
 * already invited are skipped by the server; the dialog reports { created, skipped }.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  TextField,
} from '@mui/material';
import { useDataProvider, useGetList, useTranslate, type Identifier } from 'react-admin';
import type { PositionType } from '../../api/schema';
import type { KaigiDataProvider } from '../../providers/dataProvider';
import { usePositionTypes } from '../../positions/usePositionTypes';
import { MEMBER_CATEGORIES } from '../answerTally';
import { problemMessage } from '../problemMessage';
import type { InviteResult, MemberCategory } from '../types';
import { DraftRestoredNotice } from '../../common/drafts/DraftRestoredNotice';
import type { InviteRuleDraft } from './useInviteDraft';

export interface InviteDialogProps {
  open: boolean;
  conferenceId: Identifier;
  onClose: () => void;
  /** Called after invitees were added (to refresh the list). */
  onInvited: () => void;
  /** Chosen before the session ended (restored after sign-in): shown with the notice. */
  restored?: InviteRuleDraft;
  /** Told what is chosen whenever it changes; undefined when nothing is (useInviteDraft). */
  onDraftChange?: (draft: InviteRuleDraft | undefined) => void;
}

const useDepartmentSuggestions = (positionTypes: string[], enabled: boolean) => {
  const { data, isPending } = useGetList<{ id: Identifier; department_name?: string | null }>(
    'positions',
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'department_name', order: 'ASC' },
      filter: { fields: 'id,department_name', ...(positionTypes.length > 0 ? { position_type__in: positionTypes } : {}) },
    },
    { enabled },
  );
  const names = useMemo(() => [...new Set((data ?? []).map((p) => p.department_name).filter((n): n is string => !!n))], [data]);
  return { names, isPending: enabled && isPending };
};

/**
 * The position-type checkboxes. Rendered only while the dialog is open (MUI mounts dialog content
 * on open), so the master data is read when needed; a blank master name shows the built-in one.
 */
const PositionTypeCheckboxes = ({
  labelledBy,
  value,
  onToggle,
}: {
  labelledBy: string;
  value: string[];
  onToggle: (code: string, checked: boolean) => void;
}) => {
  const translate = useTranslate();
  const { choices, isPending } = usePositionTypes();
  if (isPending) return <FormHelperText>{translate('kaigi.conferences.invite_rule.position_types_loading')}</FormHelperText>;
  return (
    <FormGroup row aria-labelledby={labelledBy}>
      {choices.map((type) => (
        <FormControlLabel
          key={type.id}
          control={<Checkbox checked={value.includes(type.id)} onChange={(event) => onToggle(type.id, event.target.checked)} />}
          label={type.name.trim() || translate(`kaigi.positions.types.${type.id}`)}
        />
      ))}
    </FormGroup>
  );
};

export const InviteByRuleDialog = ({ open, conferenceId, onClose, onInvited, restored, onDraftChange }: InviteDialogProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<KaigiDataProvider>();
  const titleId = useId();
  const typesLabelId = useId();
  const [positionTypes, setPositionTypes] = useState<string[]>(restored?.position_types ?? []);
  const [departments, setDepartments] = useState<string[]>(restored?.department_names ?? []);
  const [category, setCategory] = useState<MemberCategory>(restored?.category ?? 'principal');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ created: number; skipped: number } | null>(null);

  const departmentSuggestions = useDepartmentSuggestions(positionTypes, open);

  // Once invited (the result shown) the choice is done with: nothing left to keep.
  const chosen = result === null && (positionTypes.length > 0 || departments.length > 0);
  useEffect(() => {
    onDraftChange?.(
      chosen ? { dialog: 'rule', position_types: positionTypes, department_names: departments, category } : undefined,
    );
  }, [onDraftChange, chosen, positionTypes, departments, category]);

  const reset = () => {
    setPositionTypes([]);
    setDepartments([]);
    setCategory('principal');
    setError(null);
    setResult(null);
  };

  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const toggleType = (code: string, checked: boolean) =>
    setPositionTypes((current) => (checked ? [...current, code] : current.filter((c) => c !== code)));

  const submit = async () => {
    if (positionTypes.length === 0 && departments.length === 0) {
      setError(translate('kaigi.conferences.invite_rule.need_criteria'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const rule = {
        // the checkboxes offer the position types of master data cci_position_type
        ...(positionTypes.length > 0 ? { position_types: positionTypes as PositionType[] } : {}),
        ...(departments.length > 0 ? { department_names: departments } : {}),
      };
      const response = (await dataProvider.inviteByRule(conferenceId, rule, category)) as InviteResult;
      setResult({ created: response.created?.length ?? 0, skipped: response.skipped?.length ?? 0 });
      onInvited();
    } catch (e) {
      setError(problemMessage(e, translate));
    } finally {
      setBusy(false);
    }
  };

  const needCriteria = error !== null && positionTypes.length === 0 && departments.length === 0;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate('kaigi.conferences.invite_rule.title')}</DialogTitle>
      <DialogContent>
        {/* only when restored: the dialog's other live regions stay the only ones otherwise */}
        {restored && <DraftRestoredNotice show />}
        <DialogContentText sx={{ mb: 2 }}>{translate('kaigi.conferences.invite_rule.intro')}</DialogContentText>
        <div aria-live="polite">
          {result && (
            <Alert severity={result.created > 0 ? 'success' : 'info'} sx={{ mb: 2 }} role="status">
              {result.created > 0
                ? translate('kaigi.conferences.invite_rule.result', { created: result.created })
                : translate('kaigi.conferences.invite_rule.result_none')}
              {result.skipped > 0 && ` ${translate('kaigi.conferences.invite_rule.result_skipped', { skipped: result.skipped })}`}
            </Alert>
          )}
        </div>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        )}
        <FormControl component="fieldset" error={needCriteria} sx={{ mb: 2 }} disabled={busy}>
          <FormLabel component="legend" id={typesLabelId}>
            {translate('kaigi.conferences.invite_rule.position_types')}
          </FormLabel>
          <PositionTypeCheckboxes labelledBy={typesLabelId} value={positionTypes} onToggle={toggleType} />
          <FormHelperText>{translate('kaigi.conferences.invite_rule.position_types_help')}</FormHelperText>
        </FormControl>
        <Autocomplete
          multiple
          freeSolo
          options={departmentSuggestions.names}
          value={departments}
          onChange={(_event, value) => setDepartments([...new Set(value.map((v) => v.trim()).filter(Boolean))])}
          loading={departmentSuggestions.isPending}
          loadingText={translate('kaigi.conferences.invite_rule.departments_loading')}
          disabled={busy}
          renderInput={(params) => (
            <TextField
              {...params}
              label={translate('kaigi.conferences.invite_rule.departments')}
              helperText={translate('kaigi.conferences.invite_rule.departments_help')}
            />
          )}
          sx={{ mb: 2 }}
        />
        <TextField
          select
          label={translate('kaigi.conferences.invite_rule.category')}
          value={category}
          onChange={(event) => setCategory(event.target.value as MemberCategory)}
          disabled={busy}
          sx={{ minWidth: 200 }}
        >
          {MEMBER_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {translate(`kaigi.conferences.category.${c}`)}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {translate(result ? 'ra.action.close' : 'ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate('kaigi.conferences.invite_rule.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
