/**
 * The tally of a poll (DESIGN.md §12.1): 賛成・反対・棄権・未投票, with the 書面 and 委任 votes inside
 * them shown apart. A table, so a screen reader reads each count with its heading.
 */
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PollCounts } from '../motions/types';

const MAIN = ['yes', 'no', 'abstain', 'not_voted'] as const;
const APART = ['written', 'delegated'] as const;

export const PollTally = ({ counts, caption, large = false }: { counts: PollCounts; caption: string; large?: boolean }) => {
  const translate = useTranslate();
  const size = large ? { fontSize: '2.5rem', fontWeight: 700 } : { fontSize: '1.5rem', fontWeight: 700 };
  return (
    <Table size="small" sx={{ '& td, & th': { textAlign: 'center', px: 0.5 } }}>
      <caption style={{ captionSide: 'top', padding: 0, textAlign: 'left' }}>
        <Typography variant="body2" color="text.secondary" component="span">
          {caption}
        </Typography>
      </caption>
      <TableHead>
        <TableRow>
          {[...MAIN, ...APART].map((key) => (
            <TableCell key={key} component="th" scope="col">
              {translate(`kaigi.votes.tally.${key}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        <TableRow>
          {MAIN.map((key) => (
            <TableCell key={key} sx={size} data-testid={`tally-${key}`}>
              {counts[key]}
            </TableCell>
          ))}
          {APART.map((key) => (
            <TableCell key={key} sx={{ color: 'text.secondary' }} data-testid={`tally-${key}`}>
              {counts[key]}
            </TableCell>
          ))}
        </TableRow>
      </TableBody>
    </Table>
  );
};
