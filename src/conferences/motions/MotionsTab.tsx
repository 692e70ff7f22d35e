/**
 * /conferences/:id/motions 議案 (issue 34, DESIGN.md §12.1): the conference's 議案 in order with
 * their agenda item, 議決要件 and state; add, edit (the rule only while no vote was opened), delete
 * while 未採決, each with its files to download. The vote itself runs in the room's 採決 panel.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { useNotify, useTranslate } from 'react-admin';
import { ExportButton } from '../../exports/ExportButton';
import { roomApi } from '../room/api';
import type { AgendaItem } from '../room/types';
import { motionsApi } from './api';
import { MotionAttachmentLinks } from './MotionAttachmentLinks';
import { MotionDialog } from './MotionDialog';
import { MotionStatusChip } from './MotionStatusChip';
import { ruleSummary } from './ruleForm';
import type { Motion } from './types';
import { voteProblemMessage } from './voteProblem';

const WIDE_ONLY = new Set(['number', 'agenda', 'rule']);
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

interface Loaded {
  motions: Motion[];
  agenda: AgendaItem[];
}

const useMotionList = (conferenceId: number) => {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      motionsApi.list(conferenceId, controller.signal),
      // the agenda items a 議案 may belong to; a room not read leaves the choice empty
      roomApi.getRoom(conferenceId, controller.signal).then(
        (room) => room.agenda,
        () => [],
      ),
    ]).then(
      ([motions, agenda]) => {
        setLoaded({ motions, agenda });
        setError(null);
      },
      (cause: unknown) => {
        if (!controller.signal.aborted) setError(cause);
      },
    );
    return () => controller.abort();
  }, [conferenceId, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { loaded, error, reload };
};

export const MotionsTab = ({ conferenceId }: { conferenceId: number }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { loaded, error, reload } = useMotionList(conferenceId);
  const [editing, setEditing] = useState<Motion | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Motion | null>(null);
  const [deleteError, setDeleteError] = useState<unknown>(null);

  if (error && !loaded)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={reload}>
            {translate('kaigi.motions.retry')}
          </Button>
        }
      >
        {translate('kaigi.motions.load_error')}
      </Alert>
    );
  if (!loaded)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={20} />
        <Typography>{translate('kaigi.motions.loading')}</Typography>
      </Stack>
    );

  const { motions, agenda } = loaded;
  const saved = () => {
    notify(editing === 'new' ? 'kaigi.motions.created' : 'kaigi.motions.updated', { type: 'success' });
    setEditing(null);
    reload();
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await motionsApi.remove(conferenceId, deleting.id);
      setDeleting(null);
      notify('kaigi.motions.deleted', { type: 'success' });
      reload();
    } catch (e) {
      setDeleteError(e);
    }
  };
  const agendaLabel = (index: number | null) =>
    index === null || !agenda[index] ? translate('kaigi.motions.no_agenda') : `${index + 1}. ${agenda[index].title}`;
  const rule = (motion: Motion) => {
    const [key, args] = ruleSummary(motion.rule);
    return translate(key, args);
  };

  return (
    <Box component="section" aria-labelledby="motions-heading">
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}
      >
        <Typography variant="h6" component="h2" id="motions-heading">
          {translate('kaigi.motions.title')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <ExportButton type="votes" conferenceId={conferenceId} label="kaigi.votes.export" />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {translate('kaigi.motions.add')}
          </Button>
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('kaigi.motions.help')}
      </Typography>
      {motions.length === 0 ? (
        <Typography color="text.secondary">{translate('kaigi.motions.empty')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="motions-heading">
            <TableHead>
              <TableRow>
                {(['number', 'title', 'agenda', 'rule', 'status', 'actions'] as const).map((c) => (
                  <TableCell key={c} sx={{ whiteSpace: 'nowrap', ...(WIDE_ONLY.has(c) ? wideOnly : {}) }}>
                    {translate(`kaigi.motions.columns.${c}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {motions.map((motion) => (
                <TableRow key={motion.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap', ...wideOnly }}>{motion.number}</TableCell>
                  <TableCell sx={{ minWidth: 140 }}>
                    {/* phones: the number, the agenda item and the rule with the title, their columns left out */}
                    <Typography component="span" variant="body2" sx={{ display: { sm: 'none' }, fontWeight: 700 }}>
                      {`${motion.number} `}
                    </Typography>
                    {motion.title}
                    <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                      {`${agendaLabel(motion.agenda_index)} ・ ${rule(motion)}`}
                    </Typography>
                    <MotionAttachmentLinks motion={motion} />
                  </TableCell>
                  <TableCell sx={{ minWidth: 100, ...wideOnly }}>{agendaLabel(motion.agenda_index)}</TableCell>
                  <TableCell sx={{ minWidth: 140, ...wideOnly }}>{rule(motion)}</TableCell>
                  <TableCell>
                    <MotionStatusChip motion={motion} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton
                      aria-label={translate('kaigi.motions.edit_aria', { name: motion.number })}
                      onClick={() => setEditing(motion)}
                    >
                      <EditIcon />
                    </IconButton>
                    {motion.status === 'draft' && (
                      <IconButton
                        aria-label={translate('kaigi.motions.delete_aria', { name: motion.number })}
                        onClick={() => {
                          setDeleteError(null);
                          setDeleting(motion);
                        }}
                      >
                        <DeleteIcon />
                      </IconButton>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && (
        <MotionDialog
          conferenceId={conferenceId}
          motion={editing === 'new' ? null : editing}
          defaultNumber={translate('kaigi.motions.default_number', { n: motions.length + 1 })}
          agenda={agenda}
          onClose={() => {
            setEditing(null);
            // a refused save (someone else's edit, a vote opened meanwhile): the list shows what is current
            reload();
          }}
          onSaved={saved}
        />
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="motion-delete-title">
        <DialogTitle id="motion-delete-title">{translate('kaigi.motions.delete_title')}</DialogTitle>
        <DialogContent>
          {!!deleteError && (
            <Alert severity="error" role="alert" sx={{ mb: 1 }}>
              {voteProblemMessage(deleteError, translate)}
            </Alert>
          )}
          <DialogContentText>
            {translate('kaigi.motions.delete_body', { name: deleting ? `${deleting.number} ${deleting.title}` : '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{translate('kaigi.motions.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => void confirmDelete()}>
            {translate('kaigi.motions.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};
