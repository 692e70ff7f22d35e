/** A titled card of the staff controls (a landmark region named by its h2). */
import { useId, type ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';

export interface StaffSectionProps {
  title: string;
  /** Buttons at the heading's end (wraps under it on phones). */
  actions?: ReactNode;
  children: ReactNode;
}

export const StaffSection = ({ title, actions, children }: StaffSectionProps) => {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent>
        <Stack
          direction="row"
          useFlexGap
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1.5 }}
        >
          <Typography variant="h6" component="h2" id={headingId}>
            {title}
          </Typography>
          {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box>}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
};
