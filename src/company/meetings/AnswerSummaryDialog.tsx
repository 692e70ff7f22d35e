/** The confirmation before the one submit: every open conference with each person's choice. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { answerText } from './AnswerCell';
import type { Draft, Grid } from './answerModel';

export interface AnswerSummaryDialogProps {
  open: boolean;
  grid: Grid;
  draft: Draft;
  unanswered: number;
  submitting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export const AnswerSummaryDialog = ({
  open,
  grid,
  draft,
  unanswered,
  submitting,
  onCancel,
  onConfirm,
}: AnswerSummaryDialogProps) => {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onCancel}
      aria-labelledby="answer-summary-title"
      aria-describedby="answer-summary-intro"
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="answer-summary-title">{translate('kaigi.company.meeting.confirm_title')}</DialogTitle>
      <DialogContent dividers>
        <Typography id="answer-summary-intro" gutterBottom>
          {translate('kaigi.company.meeting.confirm_intro')}
        </Typography>
        {unanswered > 0 && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate('kaigi.company.meeting.confirm_unanswered', { count: unanswered })}
          </Alert>
        )}
        {grid.columns
          .filter((column) => column.open)
          .map((column) => {
            const people = grid.rows.filter((row) => row.cells.has(column.conference.id));
            if (people.length === 0) return null;
            return (
              <Box
                component="section"
                key={column.conference.id}
                sx={{ mb: 2 }}
                aria-labelledby={`summary-${column.conference.id}`}
              >
                <Typography component="h3" variant="subtitle1" id={`summary-${column.conference.id}`} sx={{ fontWeight: 700 }}>
                  {column.conference.name}
                </Typography>
                <Box
                  component="dl"
                  sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(6em, max-content) 1fr', gap: '4px 16px' }}
                >
                  {people.map((row) => {
                    const invitee = row.cells.get(column.conference.id)!;
                    const cell = draft[invitee.id];
                    return (
                      <Box key={invitee.id} sx={{ display: 'contents' }} data-testid={`summary-${invitee.id}`}>
                        <Typography component="dt" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                          {row.name}
                        </Typography>
                        <Typography
                          component="dd"
                          variant="body2"
                          sx={{ m: 0, fontWeight: cell?.answer_content ? 600 : 400, overflowWrap: 'anywhere' }}
                        >
                          {answerText(translate, cell ?? { answer_content: null })}
                        </Typography>
                      </Box>
                    );
                  })}
                </Box>
              </Box>
            );
          })}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel} disabled={submitting}>
          {translate('kaigi.company.meeting.confirm_back')}
        </Button>
        <Button onClick={onConfirm} variant="contained" disabled={submitting} autoFocus>
          {translate(submitting ? 'kaigi.company.meeting.submitting' : 'kaigi.company.meeting.confirm_submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
