/** 版の履歴 (issue 35): every version, its status and hash, and what changed against the one before. */
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslate } from 'react-admin';
import type { MinutesVersions as Versions } from './types';

const when = new Intl.DateTimeFormat('ja-JP', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' });

export const MinutesVersions = ({ versions }: { versions: Versions['data'] }) => {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="minutes-versions-heading" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h3" id="minutes-versions-heading">
        {translate('kaigi.minutes.versions.heading')}
      </Typography>
      {versions.length === 0 && <Typography color="text.secondary">{translate('kaigi.minutes.versions.empty')}</Typography>}
      {[...versions].reverse().map((v) => (
        <Accordion key={v.version} disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography>
              {translate('kaigi.minutes.versions.item', {
                version: v.version,
                status: translate(`kaigi.minutes.status.${v.published ? 'published' : v.status}`),
                when: when.format(new Date(v.finalised_at ?? v.updated_at)),
              })}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            {v.sha256 && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
                {translate('kaigi.minutes.sha256', { sha: v.sha256 })}
              </Typography>
            )}
            {v.diff === null ? (
              <Typography variant="body2">{translate('kaigi.minutes.versions.no_diff')}</Typography>
            ) : (
              <Box
                component="ul"
                aria-label={translate('kaigi.minutes.versions.diff', { previous: v.version - 1 })}
                sx={{ listStyle: 'none', p: 0, m: 0 }}
              >
                {v.diff
                  .filter((line) => line.op !== 'same')
                  .map((line, i) => (
                    <Box
                      component="li"
                      key={i}
                      sx={{
                        px: 1,
                        bgcolor: line.op === 'added' ? 'success.light' : 'error.light',
                        textDecoration: line.op === 'removed' ? 'line-through' : 'none',
                        overflowWrap: 'anywhere',
                      }}
                    >
                      {/* the change said in words, not by colour alone */}
                      <strong>{translate(`kaigi.minutes.versions.${line.op}`)}</strong>
                      {'\u3000'}
                      {line.text}
                    </Box>
                  ))}
              </Box>
            )}
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
};
