import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  typography: {
    fontFamily: ['"Hiragino Kaku Gothic ProN"', '"Hiragino Sans"', 'Meiryo', '"Noto Sans JP"', 'sans-serif'].join(','),
  },
};
