/**
 * The progress of an export or import job (ファイル出力, 取込): a bar with its accessible name and
 * value text and the same text under it. Determinate once the job knows its total, indeterminate
 * before (waiting, counting the rows).
 */
import { LinearProgress, Stack, Typography } from '@mui/material';

export const JobProgressBar = ({
  label,
  text,
  done,
  total,
}: {
  /** the bar's accessible name: what is in progress */
  label: string;
  /** what is shown and announced: 「1,000 / 80,000 行」, 「行数を数えています」 */
  text: string;
  done?: number;
  total?: number | null;
}) => (
  <Stack spacing={0.25}>
    {total ? (
      <LinearProgress
        variant="determinate"
        value={Math.min(100, Math.round(((done ?? 0) / total) * 100))}
        aria-label={label}
        aria-valuetext={text}
      />
    ) : (
      <LinearProgress aria-label={label} aria-valuetext={text} />
    )}
    <Typography variant="caption" color="text.secondary">
      {text}
    </Typography>
  </Stack>
);
