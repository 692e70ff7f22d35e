/** /404 (spec §2): where any 404 from the API lands; also unknown routes. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

export const NotFoundContent = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {translate('kaigi.not_found.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('kaigi.not_found.message')}
      </Typography>
      <Button component={Link} to="/" variant="contained">
        {translate('kaigi.not_found.home')}
      </Button>
    </Box>
  );
};

/** Full page (no layout): the /404 route is public. */
export const NotFoundPage = () => (
  <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
    <NotFoundContent />
  </Box>
);

export default NotFoundPage;
