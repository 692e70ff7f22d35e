import { jaJP } from '@mui/material/locale';
import type { ComponentsPropsList } from '@mui/material/styles';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { i18nProvider } from './providers/i18nProvider';

const PRIMARY = { light: '#5e92f3', main: '#1565c0', dark: '#003c8f', contrastText: '#fff' };

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    // WCAG AA (4.5:1, axe color-contrast): MUI's primary #1976d2 is 4.4:1 on react-admin's page
    // background and under a focused filled input's label; the app bar (`secondary`, #2196f3) is 3.1:1
    primary: PRIMARY,
    secondary: { light: '#5472d3', main: '#0d47a1', dark: '#002171', contrastText: '#fff' },
    // white text on MUI's warning #ed6c02 is 3.1:1 and on info #0288d1 3.9:1 (the 締切 button,
    // 送信履歴 status chips): darker shades of the same hues reach 5.0:1 and 7.6:1
    warning: { light: '#ff9800', main: '#b45309', dark: '#7c3a05', contrastText: '#fff' },
    info: { light: '#03a9f4', main: '#01579b', dark: '#002f6c', contrastText: '#fff' },
    // MUI's error #d32f2f is 3.9:1 on the form toolbar's grey #e0e0e0 (the 削除 button, axe
    // color-contrast): red 900 is 5.0:1 there and 6.6:1 on white
    error: { light: '#e53935', main: '#b71c1c', dark: '#7f0000', contrastText: '#fff' },
  },
  components: {
    ...defaultTheme.components,
    // MUI's own texts in Japanese (issue 15 item 7): Pagination's nav is 「ページ選択」, not
    // "pagination navigation", its buttons 「次のページへ」…; TablePagination, Autocomplete, Alert
    ...jaJP.components,
    MuiAutocomplete: {
      ...defaultTheme.components?.MuiAutocomplete,
      defaultProps: {
        ...defaultTheme.components?.MuiAutocomplete?.defaultProps,
        ...jaJP.components?.MuiAutocomplete?.defaultProps,
      },
    },
    // react-admin's row checkbox (DataTable's SelectRowCheckbox) puts its aria-label on MUI's <span>
    // root, where ARIA forbids it, and leaves the <input> unnamed (axe aria-prohibited-attr, label):
    // a Checkbox's aria-label is given to its input instead
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: (ownerState: { 'aria-label'?: string }) => (ownerState['aria-label'] ? { 'aria-label': undefined } : {}),
          input: (ownerState: { 'aria-label'?: string }) =>
            ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {},
        },
      },
    },
    // the app bar's spinner while react-admin loads is a progressbar without a name (axe
    // aria-progressbar-name); LoadingIndicator passes its other props to it. The theme is outside
    // <Admin>: the message is translated directly.
    RaLoadingIndicator: {
      defaultProps: {
        'aria-label': i18nProvider.translate('kaigi.progress.loading'),
      } as ComponentsPropsList['RaLoadingIndicator'],
    },
    // the access-denied and authentication-error pages draw their message at half opacity: 2.5:1
    RaAccessDenied: { styleOverrides: { root: { '& .RaAccessDenied-message': { opacity: 1 } } } },
    RaAuthenticationError: { styleOverrides: { root: { '& .RaAuthenticationError-message': { opacity: 1 } } } },
    // react-admin draws 「コンテンツにスキップ」 white on the page background (#fafafa): on focus it
    // was invisible. The primary colour under white text is 5.7:1 (WCAG AA).
    RaSkipNavigationButton: {
      styleOverrides: {
        root: {
          backgroundColor: PRIMARY.main,
          color: PRIMARY.contrastText,
          '&:hover': { backgroundColor: PRIMARY.dark, opacity: 1 },
        },
      },
    },
  },
  typography: {
    fontFamily: ['"Hiragino Kaku Gothic ProN"', '"Hiragino Sans"', 'Meiryo', '"Noto Sans JP"', 'sans-serif'].join(','),
    // MUI capitalises button labels, an English convention: 「Word で出力」 read 「WORD で出力」
    button: { textTransform: 'none' },
  },
};
