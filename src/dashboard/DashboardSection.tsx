/**
 * One section of the staff home: a card whose h2 names it (screen readers jump by headings), with
 * its loading, error (reason and 再読み込み) and empty states, and a link to the full list below.
 */
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Link, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { LoadError } from '../conferences/LoadError';

export interface DashboardSectionProps {
  id: string;
  title: string;
  icon: ReactNode;
  intro?: string;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  /** shown instead of the children when there is nothing to list */
  empty: ReactNode | null;
  footer?: { to: string; label: string };
  children?: ReactNode;
  sx?: object;
}

export const DashboardSection = (props: DashboardSectionProps) => {
  const translate = useTranslate();
  const { id, title, icon, intro, isPending, error, onRetry, empty, footer, children, sx } = props;
  return (
    <Card component="section" aria-labelledby={id} variant="outlined" sx={{ minWidth: 0, ...sx }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: intro ? 0.5 : 1.5 }}>
          <Box aria-hidden sx={{ display: 'flex', color: 'primary.main' }}>
            {icon}
          </Box>
          <Typography id={id} component="h2" variant="h6">
            {title}
          </Typography>
        </Stack>
        {intro && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {intro}
          </Typography>
        )}
        {error ? (
          <LoadError error={error} onRetry={onRetry} />
        ) : isPending ? (
          <Stack spacing={1} role="status" aria-label={translate('kaigi.dashboard.section_loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={56} />
            ))}
          </Stack>
        ) : (
          (empty ?? children)
        )}
        {footer && !error && !isPending && (
          <Box sx={{ mt: 1.5 }}>
            <Link component={RouterLink} to={footer.to}>
              {footer.label}
            </Link>
          </Box>
        )}
      </CardContent>
    </Card>
  );
};

/** The empty state of a section, announced politely. */
export const SectionEmpty = ({ text, hint }: { text: string; hint?: string }) => (
  <Box role="status" sx={{ py: 2 }}>
    <Typography color="text.secondary">{text}</Typography>
    {hint && (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {hint}
      </Typography>
    )}
  </Box>
);
