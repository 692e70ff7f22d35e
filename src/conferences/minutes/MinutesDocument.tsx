/**
 * The 議事録 as a document (issue 35): the same sections and words as the Word file
 * (access/minutes-text.ts), for the console's A4 print view and the portal. The signature lines
 * with 印 close it. Headings are real headings; a corrected figure's note is part of the text.
 */
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  CLOSING_FORMULA,
  SEAL,
  SIGNING_DATE,
  itemHeading,
  minutesSections,
  minutesTitle,
  signatures,
} from '../../../access/minutes-text';
import type { MinutesContent, MinutesPerson } from './types';

const Signature = ({ role, person }: { role: string; person: MinutesPerson | null | undefined }) => (
  <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-end', mt: 3, ml: { xs: 0, sm: 8 }, flexWrap: 'wrap' }}>
    <Box sx={{ minWidth: '7em' }}>{role}</Box>
    <Box sx={{ minWidth: '8em' }}>{person?.name ?? ''}</Box>
    <Box aria-hidden sx={{ flex: 1, minWidth: '6em', borderBottom: '1px solid', height: '1.2em' }} />
    <Box>{SEAL}</Box>
  </Box>
);

export const MinutesDocument = ({ content, version, draft }: { content: MinutesContent; version: number; draft: boolean }) => {
  const translate = useTranslate();
  return (
    <Box component="article" sx={{ fontFamily: '"Noto Serif CJK JP", "Yu Mincho", "MS Mincho", serif', lineHeight: 1.8 }}>
      <Typography component="h1" variant="h5" sx={{ textAlign: 'center', fontFamily: 'inherit', fontWeight: 700 }}>
        {minutesTitle(content, draft)}
      </Typography>
      <Typography sx={{ textAlign: 'center', mb: 3, fontFamily: 'inherit' }}>
        {translate('kaigi.minutes.version_label', { version })}
      </Typography>
      {minutesSections(content).map((section, i) => (
        <Box component="section" key={section.heading} sx={{ mb: 2, breakInside: 'avoid' }}>
          <Typography component="h2" sx={{ fontWeight: 700, fontFamily: 'inherit', fontSize: '1rem' }}>
            {itemHeading(i, section.heading)}
          </Typography>
          {section.lines.map((line, j) => (
            <Typography key={j} sx={{ pl: 3, fontFamily: 'inherit', overflowWrap: 'anywhere' }}>
              {line}
            </Typography>
          ))}
        </Box>
      ))}
      <Box sx={{ breakInside: 'avoid', mt: 3 }}>
        <Typography sx={{ fontFamily: 'inherit' }}>{CLOSING_FORMULA}</Typography>
        <Typography sx={{ pl: 3, mt: 2, fontFamily: 'inherit' }}>{SIGNING_DATE}</Typography>
        {signatures(content).map((s, i) => (
          <Signature key={i} role={s.role} person={s.person} />
        ))}
      </Box>
    </Box>
  );
};
