import { makeStaticStyles, tokens } from '@fluentui/react-components';

const useStaticStyles = makeStaticStyles({
  'html, body, #root': { height: '100%', margin: 0 },
  body: {
    fontFamily: tokens.fontFamilyBase,
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
    WebkitFontSmoothing: 'antialiased',
  },
  '*, *::before, *::after': { boxSizing: 'border-box' },
});

/** Page-wide resets: full-height root, Fluent's font and background. */
export function GlobalStyles() {
  useStaticStyles();
  return null;
}
