import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    // WCAG AA (4.5:1, axe color-contrast): MUI's primary #1976d2 is 4.4:1 on react-admin's page
    // background and under a focused filled input's label; the app bar (`secondary`, #2196f3) is 3.1:1
    primary: { light: '#5e92f3', main: '#1565c0', dark: '#003c8f', contrastText: '#fff' },
    secondary: { light: '#5472d3', main: '#0d47a1', dark: '#002171', contrastText: '#fff' },
    // white text on MUI's warning #ed6c02 is 3.1:1 and on info #0288d1 3.9:1 (the 締切 button,
    // 送信履歴 status chips): darker shades of the same hues reach 5.0:1 and 7.6:1
    warning: { light: '#ff9800', main: '#b45309', dark: '#7c3a05', contrastText: '#fff' },
    info: { light: '#03a9f4', main: '#01579b', dark: '#002f6c', contrastText: '#fff' },
  },
  typography: {
    fontFamily: ['"Hiragino Kaku Gothic ProN"', '"Hiragino Sans"', 'Meiryo', '"Noto Sans JP"', 'sans-serif'].join(','),
  },
};
