/**
 * 議事録 tab of a conference (issue 35, DESIGN.md §12.2): the draft the record gives, regenerated on
 * demand (prose, corrections and signatories stay); the prose per section; figures corrected with a
 * reason; 議長 and two 署名人 from the attendees; 確定; 訂正版; the versions with their diff; Word
 * through the export jobs; the A4 print view; 公開 to the invited companies.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Chip, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { Confirm, useCreate, useNotify, useTranslate } from 'react-admin';
import { proseKeys } from '../../../access/minutes-text';
import { apiErrorMessage } from '../../common/apiErrors';
import { ExportQueuedNotice } from '../../exports/ExportDialog';
import { exportBody } from '../../exports/types';
import { LoadError } from '../LoadError';
import { minutesApi } from './api';
import { MinutesFigures } from './MinutesFigures';
import { MinutesVersions } from './MinutesVersions';
import { SignatoryPicker, type Edit } from './SignatoryPicker';
import type { FigureValue, MinutesVersions as Versions, MinutesView } from './types';

/**
 * Loads the latest version and the version list; the editor below is keyed by the version's
 * revision, so after every save it starts from what the server stored (the typed prose included).
 */
const MinutesTab = ({ conferenceId }: { conferenceId: number }) => {
  const translate = useTranslate();
  const view = useQuery({ queryKey: ['minutes', conferenceId], queryFn: ({ signal }) => minutesApi.get(conferenceId, signal) });
  const versions = useQuery({
    queryKey: ['minutes', conferenceId, 'versions'],
    queryFn: ({ signal }) => minutesApi.versions(conferenceId, signal),
  });
  if (view.error) return <LoadError error={view.error} onRetry={() => void view.refetch()} />;
  if (!view.data)
    return (
      <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center', p: 2 }}>
        <CircularProgress size={20} />
        {translate('kaigi.minutes.loading')}
      </Box>
    );
  const m = view.data.minutes;
  return (
    <MinutesEditor
      key={`${m.version}:${m.revision}:${m.status}:${m.published}`}
      conferenceId={conferenceId}
      view={view.data}
      versions={versions.data?.data ?? []}
      reload={async () => {
        await Promise.all([view.refetch(), versions.refetch()]);
      }}
    />
  );
};

interface EditorProps {
  conferenceId: number;
  view: MinutesView;
  versions: Versions['data'];
  reload: () => Promise<void>;
}

const MinutesEditor = ({ conferenceId, view, versions, reload }: EditorProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [create] = useCreate();
  const [prose, setProse] = useState<Record<string, string>>(view.minutes.content.prose);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmFinalise, setConfirmFinalise] = useState(false);

  const { minutes } = view;
  const final = minutes.status === 'final';
  const run = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
      if (done) notify(done, { type: 'success' });
      await reload();
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
    run(() => minutesApi.update(conferenceId, { revision: minutes.revision, ...(final ? {} : { prose }), ...edit }), done);
  const quietly = (p: Promise<unknown>) => p.catch(() => {}); // the failure is shown above the buttons
  const sections = proseKeys(minutes.content);
  const proseLabel = (key: string) => {
    const [kind, id] = key.split('.');
    if (kind === 'agenda')
      return translate('kaigi.minutes.prose.agenda', {
        n: Number(id) + 1,
        title: minutes.content.agenda[Number(id)]?.title ?? '',
      });
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
          {
            data: exportBody({
              type: 'minutes',
              format: 'docx',
              order: 'time',
              date_style: 'japanese',
              conference_id: conferenceId,
            }),
          },
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
          label={translate(
            `kaigi.minutes.status.${minutes.id === null ? 'unsaved' : minutes.published ? 'published' : minutes.status}`,
          )}
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
      {final && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('kaigi.minutes.final_locked')}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 3 }}>
        {!final && (
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => quietly(save({ regenerate: true }, translate('kaigi.minutes.saved')))}
            title={translate('kaigi.minutes.regenerate_hint')}
          >
            {translate('kaigi.minutes.regenerate')}
          </Button>
        )}
        {!final && minutes.id !== null && (
          <Button variant="contained" disabled={busy} onClick={() => setConfirmFinalise(true)}>
            {translate('kaigi.minutes.finalise')}
          </Button>
        )}
        <Confirm
          isOpen={confirmFinalise}
          title="kaigi.minutes.finalise"
          content="kaigi.minutes.finalise_confirm"
          translateOptions={{ version: minutes.version }}
          confirm="kaigi.minutes.finalise"
          onConfirm={() => {
            setConfirmFinalise(false);
            void quietly(
              run(
                () => minutesApi.finalise(conferenceId, minutes.revision),
                translate('kaigi.minutes.finalised', { version: minutes.version }),
              ),
            );
          }}
          onClose={() => setConfirmFinalise(false)}
        />
        {final && (
          <Button variant="outlined" disabled={busy} onClick={() => quietly(save({ new_version: true }))}>
            {translate('kaigi.minutes.new_version')}
          </Button>
        )}
        {final && !minutes.published && (
          <Button
            variant="contained"
            disabled={busy}
            onClick={() =>
              quietly(
                run(
                  () => minutesApi.publish(conferenceId, minutes.version),
                  translate('kaigi.minutes.published_notice', { version: minutes.version }),
                ),
              )
            }
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
      <MinutesFigures
        content={minutes.content}
        editable={!final}
        onCorrect={(key, value: FigureValue, reason) => save({ figures: { [key]: { value, reason } } })}
      />

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
          <Button
            variant="contained"
            sx={{ mt: 2 }}
            disabled={busy}
            onClick={() => quietly(save({ prose }, translate('kaigi.minutes.saved')))}
          >
            {translate('kaigi.minutes.save')}
          </Button>
        )}
      </Box>
      <MinutesVersions versions={versions} />
    </Box>
  );
};
export default MinutesTab;
