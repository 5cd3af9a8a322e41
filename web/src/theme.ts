import { createTheme } from '@mantine/core';

// System fonts with CJK fallbacks: the UI is bilingual and must render Chinese without web fonts.
const FONT_STACK =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK },
});
