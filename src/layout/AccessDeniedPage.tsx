/**
 * react-admin's access-denied page with a page title (issue 18 item 7: its app-bar title was
 * empty, so neither the bar nor a screen reader said where the user was).
 */
import { AccessDenied, Title, useTranslate } from 'react-admin';

export const AccessDeniedPage = () => {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate('ra.page.access_denied')} />
      <AccessDenied />
    </>
  );
};
