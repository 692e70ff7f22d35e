/**
 * 議事録 tab of a conference (issue 35, DESIGN.md §12.2): the draft the record gives, regenerated on
 * demand (prose, corrections and signatories stay); the prose per section; figures corrected with a
 * reason; 議長 and two 署名人 from the attendees; 確定; 訂正版; the versions with their diff; Word
 * through the export jobs; the A4 print view; 公開 to the invited companies.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Chip, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import { proseKeys } from '../../../access/minutes-text';
import { apiErrorMessage } from '../../common/apiErrors';
import { ExportQueuedNotice } from '../../exports/ExportDialog';
import { exportBody } from '../../exports/types';
import { LoadError } from '../LoadError';
import { minutesApi } from './api';
import { MinutesFigures } from './MinutesFigures';
import { MinutesVersions } from './MinutesVersions';
import type { FigureValue, MinutesUpdate, MinutesVersions as Versions, MinutesView } from './types';

type Edit = Omit<MinutesUpdate, 'revision'>;

const useMinutes = (conferenceId: number) => {
  const [view, setView] = useState<MinutesView | null>(null);
  const [versions, setVersions] = useState<Versions['data']>([]);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(async () => {
    setError(null);
    try {
      const [v, list] = await Promise.all([minutesApi.get(conferenceId), minutesApi.versions(conferenceId)]);
      setView(v);
      setVersions(list.data);
    } catch (e) {
      setError(e);
    }
  }, [conferenceId]);
  useEffect(() => {
    void load();
  }, [load]);
  return { view, versions, error, load, setView };
};

const SignatoryPicker = ({ view, disabled, onChange }: { view: MinutesView; disabled: boolean; onChange: (edit: Edit) => void }) => {
  const translate = useTranslate();
  const { chair, signatories } = view.minutes.content;
  const ids = [chair?.conference_member_id ?? '', signatories[0]?.conference_member_id ?? '', signatories[1]?.conference_member_id ?? ''];
  const choose = (slot: number, value: string) => {
    const next = [...ids];
    next[slot] = value === '' ? '' : Number(value);
    const picked = next.slice(1).filter((v): v is number => v !== '');
    onChange(slot === 0 ? { chair_id: next[0] === '' ? null : (next[0] as number) } : { signatory_ids: picked });
  };
  return (
    <Box component="section" aria-labelledby="minutes-signatories-heading" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h3" id="minutes-signatories-heading">
        {translate('kaigi.minutes.signatories.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {view.attendees.length === 0 ? translate('kaigi.minutes.signatories.no_attendees') : translate('kaigi.minutes.signatories.hint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {(['chair', 'first', 'second'] as const).map((slot, i) => (
          <TextField
            key={slot}
            select
            label={translate(`kaigi.minutes.signatories.${slot}`)}
            value={ids[i]}
            onChange={(e) => choose(i, e.target.value)}
            disabled={disabled || view.attendees.length === 0}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">{translate('kaigi.minutes.signatories.none')}</MenuItem>
            {view.attendees.map((a) => (
              <MenuItem key={a.conference_member_id} value={a.conference_member_id}>
                {a.company_name ? `${a.name}（${a.company_name}）` : a.name}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Stack>
    </Box>
  );
};

const MinutesTab = ({ conferenceId }: { conferenceId: number }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [create] = useCreate();
  const { view, versions, error, load, setView } = useMinutes(conferenceId);
  const [prose, setProse] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => setProse(view?.minutes.content.prose ?? {}), [view]);

  if (error) return <LoadError error={error} onRetry={load} />;
  if (!view)
    return (
      <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center', p: 2 }}>
        <CircularProgress size={20} />
        {translate('kaigi.minutes.loading')}
      </Box>
    );

  const { minutes } = view;
  const final = minutes.status === 'final';
  const run = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
      await load();
      if (done) notify(done, { type: 'success' });
    } catch (e) {
      const message = apiErrorMessage(e);
      setFailure(translate(message, { _: message }));
      throw e;
    } finally {
      setBusy(false);
    }
  };
  const save = (edit: Edit, done?: string) =>
    // what is typed in the prose goes along with every save: a signatory chosen never drops it
    run(async () => setView(await minutesApi.update(conferenceId, { revision: minutes.revision, ...(final ? {} : { prose }), ...edit })), done);
  const quietly = (p: Promise<unknown>) => p.catch(() => {}); // the failure is shown above the buttons
  const sections = proseKeys(minutes.content);
  const proseLabel = (key: string) => {
    const [kind, id] = key.split('.');
    if (kind === 'agenda') return translate('kaigi.minutes.prose.agenda', { n: Number(id) + 1, title: minutes.content.agenda[Number(id)]?.title ?? '' });
    if (kind === 'motion') {
      const m = minutes.content.motions.find((x) => x.id === Number(id));
      return translate('kaigi.minutes.prose.motion', { number: m?.number ?? '', title: m?.title ?? '' });
    }
    return translate(`kaigi.minutes.prose.${kind}`);
  };
  const exportWord = () =>
    quietly(
      run(async () => {
        await create(
          'exports',
          { data: exportBody({ type: 'minutes', format: 'docx', order: 'time', date_style: 'japanese', conference_id: conferenceId }) },
          { returnPromise: true },
        );
        notify(<ExportQueuedNotice type="minutes" />, { autoHideDuration: 10_000 });
      }),
    );

  return (
    <Box component="section" aria-labelledby="minutes-heading">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h5" component="h2" id="minutes-heading">
          {translate('kaigi.minutes.heading')}
        </Typography>
        <Chip label={translate('kaigi.minutes.version_label', { version: minutes.version })} />
        <Chip
          color={final ? 'success' : 'default'}
          label={translate(`kaigi.minutes.status.${minutes.id === null ? 'unsaved' : minutes.published ? 'published' : minutes.status}`)}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('kaigi.minutes.intro')}
      </Typography>
      {minutes.sha256 && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
          {translate('kaigi.minutes.sha256', { sha: minutes.sha256 })}
        </Typography>
      )}
      {final && <Alert severity="info" sx={{ mb: 2 }}>{translate('kaigi.minutes.final_locked')}</Alert>}
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 3 }}>
        {!final && (
          <Button variant="outlined" disabled={busy} onClick={() => quietly(save({ regenerate: true }, translate('kaigi.minutes.saved')))} title={translate('kaigi.minutes.regenerate_hint')}>
            {translate('kaigi.minutes.regenerate')}
          </Button>
        )}
        {!final && minutes.id !== null && (
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => {
              if (window.confirm(translate('kaigi.minutes.finalise_confirm', { version: minutes.version })))
                void quietly(run(() => minutesApi.finalise(conferenceId, minutes.revision), translate('kaigi.minutes.finalised', { version: minutes.version })));
            }}
          >
            {translate('kaigi.minutes.finalise')}
          </Button>
        )}
        {final && (
          <Button variant="outlined" disabled={busy} onClick={() => quietly(save({ new_version: true }))}>
            {translate('kaigi.minutes.new_version')}
          </Button>
        )}
        {final && !minutes.published && (
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => quietly(run(() => minutesApi.publish(conferenceId, minutes.version), translate('kaigi.minutes.published_notice', { version: minutes.version })))}
          >
            {translate('kaigi.minutes.publish')}
          </Button>
        )}
        <Button disabled={busy} onClick={exportWord}>
          {translate('kaigi.minutes.download')}
        </Button>
        <Button component={RouterLink} to={`/conferences/${conferenceId}/minutes/print`}>
          {translate('kaigi.minutes.print')}
        </Button>
      </Stack>

      <SignatoryPicker view={view} disabled={busy || final} onChange={(edit) => quietly(save(edit))} />
      <MinutesFigures content={minutes.content} editable={!final} onCorrect={(key, value: FigureValue, reason) => save({ figures: { [key]: { value, reason } } })} />

      <Box component="section" aria-labelledby="minutes-prose-heading" sx={{ mb: 3 }}>
        <Typography variant="h6" component="h3" id="minutes-prose-heading">
          {translate('kaigi.minutes.prose.heading')}
        </Typography>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {sections.map((key) => (
            <TextField
              key={key}
              label={proseLabel(key)}
              value={prose[key] ?? ''}
              onChange={(e) => setProse((p) => ({ ...p, [key]: e.target.value }))}
              multiline
              minRows={2}
              disabled={final || busy}
              fullWidth
            />
          ))}
        </Stack>
        {!final && (
          <Button variant="contained" sx={{ mt: 2 }} disabled={busy} onClick={() => quietly(save({ prose }, translate('kaigi.minutes.saved')))}>
            {translate('kaigi.minutes.save')}
          </Button>
        )}
      </Box>
      <MinutesVersions versions={versions} />
    </Box>
  );
};
export default MinutesTab;
