import { render, screen } from '@testing-library/react';
import { Button } from '@mui/material';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { theme } from './theme';

it('keeps a button’s label as written (MUI would capitalise 「Word で出力」 to 「WORD で出力」)', () => {
  render(
    <ThemeProvider theme={createTheme(theme)}>
      <Button>Word で出力</Button>
    </ThemeProvider>,
  );
  expect(screen.getByRole('button', { name: 'Word で出力' })).toHaveStyle({ textTransform: 'none' });
});
