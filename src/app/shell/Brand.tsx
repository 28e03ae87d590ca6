import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  logo: { width: '28px', height: '28px', flexShrink: 0, borderRadius: '6px' },
  name: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  inverted: { color: tokens.colorNeutralForegroundOnBrand },
  logoInverted: { boxShadow: `0 0 0 2px ${tokens.colorNeutralForegroundOnBrand}` },
});

/** The product mark and name. `compact` shows the mark only (collapsed sidebar). */
export function Brand({ compact = false, inverted = false, className }: { compact?: boolean; inverted?: boolean; className?: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.root, className)}>
      <img className={mergeClasses(styles.logo, inverted && styles.logoInverted)} src="/favicon.svg" alt={compact ? t('app.brand') : ''} />
      {!compact && (
        <Text weight="semibold" size={500} className={mergeClasses(styles.name, inverted && styles.inverted)}>
          {t('app.brand')}
        </Text>
      )}
    </div>
  );
}
