import { Button, createTheme } from '@mantine/core';

/** Inter is self-hosted: main.tsx imports @fontsource-variable/inter, which names it 'Inter Variable'. */
const fontFamily =
  "'Inter Variable', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** The one place that decides how Atrium looks (DESIGN.md): indigo, neutral greys, 8 px radius, 4 px grid. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 6,
  fontFamily,
  fontSmoothing: true,
  cursorType: 'pointer',
  defaultRadius: 'md',
  radius: { xs: '4px', sm: '6px', md: '8px', lg: '8px', xl: '8px' },
  fontSizes: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '18px' },
  lineHeights: { xs: '1.4', sm: '1.45', md: '1.5', lg: '1.5', xl: '1.5' },
  spacing: { xs: '8px', sm: '12px', md: '16px', lg: '24px', xl: '32px' },
  headings: {
    fontFamily,
    fontWeight: '600',
    sizes: {
      h1: { fontSize: '24px', lineHeight: '1.3' },
      h2: { fontSize: '20px', lineHeight: '1.35' },
      h3: { fontSize: '18px', lineHeight: '1.4' },
      h4: { fontSize: '16px', lineHeight: '1.4' },
      h5: { fontSize: '14px', lineHeight: '1.45' },
      h6: { fontSize: '13px', lineHeight: '1.45' },
    },
  },
  components: {
    Button: Button.extend({ defaultProps: { fw: 500 } }),
  },
});
