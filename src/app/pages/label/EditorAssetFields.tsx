/**
 * The editor data panel's asset parts (issue 16; useAssetFields.ts): where the data comes
 * from (asset fields or a spreadsheet's columns), and which sample assets the canvas shows.
 */
import { Field, makeStyles, Select, Spinner, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { AssetFields } from './useAssetFields';

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export function EditorDataMode({ assetFields }: { assetFields: AssetFields }) {
  const { t } = useTranslation();
  return (
    <Field label={t('assetLabel.dataMode')}>
      <Select value={assetFields.active ? 'assets' : 'sheet'} data-testid="data-mode" onChange={(_, d) => assetFields.setActive(d.value === 'assets')}>
        <option value="assets">{t('assetLabel.dataAssets')}</option>
        <option value="sheet">{t('assetLabel.dataSheet')}</option>
      </Select>
    </Field>
  );
}

export function EditorAssetSamples({ assetFields }: { assetFields: AssetFields }) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (assetFields.error) {
    return (
      <Text size={200} className={styles.error} data-testid="asset-samples-error">
        {t('assetLabel.sampleFailed', { message: assetFields.error })}
      </Text>
    );
  }
  if (assetFields.samples === null) return <Spinner size="tiny" />;
  return (
    <Text size={200} className={styles.muted} data-testid="asset-samples" data-count={assetFields.samples}>
      {assetFields.samples === 0 ? t('assetLabel.noSampleAssets') : t('assetLabel.sampleAssets', { count: assetFields.samples })}
    </Text>
  );
}
