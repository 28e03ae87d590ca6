import type { ReactNode } from 'react';
import { makeStyles, Text, Title2, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    minHeight: '100%',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingVerticalXXXL,
    textAlign: 'center',
  },
  code: {
    fontSize: '96px',
    lineHeight: 1,
    fontWeight: tokens.fontWeightBold,
    letterSpacing: '-2px',
    color: tokens.colorBrandForeground1,
    opacity: 0.9,
  },
  icon: { fontSize: '40px', color: tokens.colorNeutralForeground3 },
  heading: { margin: 0 },
  text: { margin: 0, maxWidth: '460px', color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', justifyContent: 'center' },
});

/** The body of an error page: a big code or icon, a title, an explanation, the ways out. */
export function ErrorState({ code, icon, title, text, actions }: { code?: string; icon?: ReactNode; title: string; text: string; actions: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.root} data-testid="error-state">
      {code && <div className={styles.code}>{code}</div>}
      {icon && <div className={styles.icon}>{icon}</div>}
      <Title2 as="h2" className={styles.heading}>
        {title}
      </Title2>
      <Text as="p" className={styles.text}>
        {text}
      </Text>
      <div className={styles.actions}>{actions}</div>
    </div>
  );
}
