/**
 * The print page's data step on an asset print: how many assets, which template, and how
 * many of them the server has recorded as printed (and why not, when it could not).
 */
import { makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { AssetLabelPrinting } from './useAssetLabelPrint';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function AssetLabelSummary({ printing }: { printing: AssetLabelPrinting }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { print, recorded, recordError } = printing;
  return (
    <div className={styles.root}>
      <Text weight="semibold">{t('assetLabel.assetsStep')}</Text>
      <Text data-testid="asset-label-count" data-count={print.total}>
        {t('assetLabel.assetCount', { count: print.total })}
      </Text>
      <Text size={200} className={styles.muted}>
        {'assetIds' in print.query && print.query.assetIds ? t('assetLabel.fromSelection') : t('assetLabel.fromFilter')}
      </Text>
      <Text size={200} className={styles.muted} data-testid="asset-label-recorded" data-recorded={recorded}>
        {t('assetLabel.recorded', { count: recorded })}
      </Text>
      {recordError && (
        <MessageBar intent="warning" data-testid="asset-label-record-error">
          <MessageBarBody>{t('assetLabel.recordFailed', { message: recordError })}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
