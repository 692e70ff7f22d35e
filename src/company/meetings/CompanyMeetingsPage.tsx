/** /company/meetings: landing page of company admins (spec §6). Placeholder until the list lands. */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { COOKIE, getCookie } from '../../auth/cookies';
import { useSession } from '../../session/useSession';

export const CompanyMeetingsPage = () => {
  const translate = useTranslate();
  const session = useSession();
  const companyName = session.company?.attributes?.name1 ?? getCookie(COOKIE.companyName) ?? '';

  return (
    <>
      <Title title={translate('kaigi.company.meetings.title')} />
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom>
            {translate('kaigi.company.meetings.title')}
          </Typography>
          <Typography gutterBottom>
            {translate('kaigi.company.meetings.company_name')}: <span data-testid="company-name">{companyName}</span>
          </Typography>
          <Typography color="text.secondary">{translate('kaigi.company.meetings.placeholder')}</Typography>
        </CardContent>
      </Card>
    </>
  );
};

export default CompanyMeetingsPage;
