import { createTheme } from '@mui/material/styles';

// SPEC §9: primary #1976d2, secondary #dc004e, page #f5f5f5, white paper. WCAG 1.4.3 wants 4.5:1
// for text: #1976d2 has it on white (4.6) but not on the grey page (4.2), so text drawn in primary
// (links, text and outlined buttons, the selected tab) uses its dark shade (5.3 on grey). MUI's
// warning (#ed6c02, 3.1) and info (#0288d1, 3.9) fail even on white: darker shades that pass.
const PRIMARY_TEXT = '#1565c0';

export const theme = createTheme({
  palette: {
    primary: { main: '#1976d2', dark: PRIMARY_TEXT },
    secondary: { main: '#dc004e' },
    warning: { main: '#a84b00', dark: '#7a3600', contrastText: '#ffffff' },
    info: { main: '#01579b', dark: '#003c6e', contrastText: '#ffffff' },
    background: { default: '#f5f5f5', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h4: { fontWeight: 700 },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 600 },
  },
  components: {
    // WCAG 2.4.7: MUI marks keyboard focus with a faint ripple; a ring is seen (5.3:1 on grey).
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: `2px solid ${PRIMARY_TEXT}`, outlineOffset: 2 } },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
      variants: [
        {
          props: { color: 'primary' },
          style: { '--variant-textColor': PRIMARY_TEXT, '--variant-outlinedColor': PRIMARY_TEXT },
        },
      ],
    },
    MuiLink: { defaultProps: { color: PRIMARY_TEXT } },
    MuiChip: {
      variants: [{ props: { variant: 'outlined', color: 'primary' }, style: { color: PRIMARY_TEXT } }],
    },
    MuiTab: { styleOverrides: { root: { '&.Mui-selected': { color: PRIMARY_TEXT } } } },
    // Unselected toggles are drawn in action.active (rgba 0.54): under 4.5:1 on tinted ground.
    MuiToggleButton: {
      styleOverrides: {
        root: ({ theme: { palette } }) => ({
          color: palette.text.secondary,
          // On the selected grey (action.selected) the dark shade is 4.4:1: a darker blue still.
          '&.Mui-selected': { color: '#0d47a1' },
        }),
      },
    },
    MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { root: { border: '1px solid #e3e7ec' } } },
    MuiAppBar: { styleOverrides: { root: { border: 'none' } } },
    MuiDrawer: { styleOverrides: { paper: { border: 'none' } } },
  },
});

export const SIDE_WIDTH = 280;
