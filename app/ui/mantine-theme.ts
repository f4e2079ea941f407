import { createTheme } from "@mantine/core";

export const mantineTheme = createTheme({
  primaryColor: "teal",
  // The darkest shade keeps white button text above WCAG AA contrast.
  primaryShade: 9,
  defaultRadius: "md",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
});
