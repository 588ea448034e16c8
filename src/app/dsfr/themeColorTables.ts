/**
 * Stands in for react-dsfr's two generated hex colour tables (`getColorOptionsHex`,
 * `getColorDecisionsHex`; alias in vite.config.ts). In this app their only reader is react-dsfr's
 * start, which sets `<meta name="theme-color">` to the page background of the light or dark
 * scheme; the full tables would be 6 KB gzip of the home page's 120 KB budget (issue 8).
 * Components style themselves with the DSFR's CSS variables (`fr.colors.decisions`), which stay
 * whole. `useColors()` and the MUI theme read the hex tables: they are not available here (eslint
 * forbids importing them), and a unit test keeps these values equal to the real tables'.
 */

export interface ThemeColorOptions {
  grey: { _1000_50: { default: string } };
}

export function getColorOptionsHex({ isDark }: { isDark: boolean }): ThemeColorOptions {
  return { grey: { _1000_50: { default: isDark ? "#161616" : "#ffffff" } } };
}

export function getColorDecisionsHex({ colorOptions }: { colorOptions: ThemeColorOptions }) {
  return { background: { default: { grey: { default: colorOptions.grey._1000_50.default } } } };
}
