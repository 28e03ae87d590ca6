import type { ReactNode } from 'react';
import { makeStyles, Text, Title2, Title3, tokens } from '@fluentui/react-components';
import { ArrowSwapRegular, BoxMultipleRegular, CheckmarkCircleRegular, PrintRegular, ScanRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../shell/Brand';
import { LanguageMenu } from '../../shell/LanguageMenu';

const useStyles = makeStyles({
  root: {
    minHeight: '100%',
    display: 'grid',
    gridTemplateColumns: 'minmax(360px, 5fr) 7fr',
    '@media (max-width: 900px)': { gridTemplateColumns: '1fr' },
  },
  hero: {
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'space-between',
    gap: tokens.spacingVerticalXXL,
    padding: `${tokens.spacingVerticalXXXL} 48px`,
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
    backgroundImage: `radial-gradient(circle at 15% 10%, ${tokens.colorBrandBackgroundHover} 0%, transparent 55%), linear-gradient(160deg, ${tokens.colorBrandBackground} 0%, ${tokens.colorBrandBackgroundPressed} 100%)`,
    '@media (max-width: 900px)': { display: 'none' },
  },
  heroBody: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, maxWidth: '440px' },
  heroTitle: { margin: 0, color: tokens.colorNeutralForegroundOnBrand, lineHeight: tokens.lineHeightHero700 },
  title: { margin: 0 },
  features: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  feature: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, fontSize: tokens.fontSizeBase400 },
  featureIcon: {
    fontSize: '20px',
    flexShrink: 0,
    display: 'inline-flex',
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: 'rgba(255, 255, 255, 0.14)',
  },
  heroFoot: { opacity: 0.8 },
  main: {
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
    padding: tokens.spacingHorizontalXL,
  },
  topBar: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', minHeight: '40px' },
  mobileBrand: { visibility: 'hidden', '@media (max-width: 900px)': { visibility: 'visible' } },
  center: { flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', paddingBlock: tokens.spacingVerticalXXL },
  card: {
    width: '100%',
    maxWidth: '420px',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
    padding: '36px 40px',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    '@media (max-width: 480px)': { padding: '28px 20px' },
  },
  heading: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  subtitle: { margin: 0, color: tokens.colorNeutralForeground3 },
  footer: { textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

export interface AuthLayoutProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  /** Links under the card (register, reset, back to log in). */
  footer?: ReactNode;
}

/** The frame of the public pages: product panel on the left, the form card on the right. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const features = [
    { icon: <BoxMultipleRegular />, text: t('auth.heroFeatureRegister') },
    { icon: <ArrowSwapRegular />, text: t('auth.heroFeatureTransactions') },
    { icon: <ScanRegular />, text: t('auth.heroFeatureInventory') },
    { icon: <PrintRegular />, text: t('auth.heroFeatureLabel') },
  ];
  return (
    <div className={styles.root}>
      <aside className={styles.hero}>
        <Brand inverted />
        <div className={styles.heroBody}>
          <Title2 as="h2" className={styles.heroTitle}>
            {t('auth.heroTitle')}
          </Title2>
          <ul className={styles.features}>
            {features.map((f) => (
              <li key={f.text} className={styles.feature}>
                <span className={styles.featureIcon}>{f.icon}</span>
                {f.text}
              </li>
            ))}
          </ul>
        </div>
        <Text className={styles.heroFoot}>
          <CheckmarkCircleRegular /> {t('app.tagline')}
        </Text>
      </aside>
      <main className={styles.main}>
        <div className={styles.topBar}>
          <Brand className={styles.mobileBrand} />
          <LanguageMenu showLabel />
        </div>
        <div className={styles.center}>
          <section className={styles.card}>
            <div className={styles.heading}>
              <Title3 as="h1" className={styles.title}>
                {title}
              </Title3>
              <Text as="p" size={300} className={styles.subtitle}>
                {subtitle}
              </Text>
            </div>
            {children}
            {footer && <div className={styles.footer}>{footer}</div>}
          </section>
        </div>
      </main>
    </div>
  );
}
