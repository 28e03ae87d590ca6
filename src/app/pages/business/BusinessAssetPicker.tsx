import { useRef, useState } from 'react';
import { Badge, Button, Combobox, Field, makeStyles, Option, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { StatusCode, type AssetInfo } from '../../../api/contract';
import { assetApi, assetLabelApi } from '../../api';
import { readScannedAssetText } from '../../assetLink';
import { ScannerPanel } from '../../components/ScannerPanel';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import useSWR from 'swr';
import { statusLabel } from '../asset/assetListQuery';

/** Search results offered at once; typing narrows them. */
const SEARCH_SHOWN = 20;
/** How long the search waits for typing to stop (ms). */
const SEARCH_DEBOUNCE_MS = 250;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  inputs: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'flex-end' },
  grow: { flexGrow: 1, minWidth: '240px' },
  empty: { color: tokens.colorNeutralForeground3 },
  // On a phone the chosen assets scroll sideways instead of breaking every word (CSS px).
  tableBox: { overflowX: 'auto' },
  table: { minWidth: '480px' },
  remove: { width: '48px' },
});

/**
 * The assets of a transaction: a table of the chosen ones (code, name, status; each
 * removable), a search by code or name, and the scanner (ScannerPanel: the camera, a
 * keyboard-wedge scanner anywhere on the page, or a code typed + Enter), which adds the asset
 * whose code is exactly what was read, or the asset a label's link (<origin>/a/<token>) names.
 * Problems go to `onProblem`.
 */
export function BusinessAssetPicker({
  assets,
  onChange,
  onProblem,
}: {
  assets: readonly AssetInfo[];
  onChange: (assets: AssetInfo[]) => void;
  onProblem: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const { data: found } = useSWR(settled ? (['business-asset-search', settled] as const) : null, async () => {
    const result = await assetApi.list({ search: settled, pageIndex: 1, pageSize: SEARCH_SHOWN });
    return result.ok ? result.data.assets : [];
  });

  // The chosen assets as of the last change, not of the last render: scans resolve their
  // codes asynchronously, and two camera scans may resolve before the page renders again.
  const chosen = useRef(assets);
  chosen.current = assets;
  const add = (asset: AssetInfo) => {
    if (chosen.current.some((a) => a.id === asset.id)) {
      onProblem(t('business.alreadyChosen', { code: asset.assetCoding }));
      return;
    }
    onProblem(null);
    const next = [...chosen.current, asset];
    chosen.current = next;
    onChange(next);
  };

  /** The asset a scanned or typed text names (readScannedAssetText), or a problem shown. */
  const addScanned = async (text: string) => {
    const scanned = readScannedAssetText(text);
    if (scanned.kind === 'none') return;
    if (scanned.kind === 'link') {
      const target = await assetLabelApi.link(scanned.token);
      // No asset of the user's company within the user's scope has this link.
      if (!target.ok && target.code === StatusCode.recordNotFound) {
        onProblem(t('business.linkNotFound', { link: text.trim() }));
        return;
      }
      const asset = target.ok ? await assetApi.details(target.data.assetId) : target;
      if (!asset.ok) {
        onProblem(asset.message);
        return;
      }
      add(asset.data);
      return;
    }
    const wanted = scanned.code;
    const result = await assetApi.list({ search: wanted, pageIndex: 1, pageSize: SEARCH_SHOWN });
    if (!result.ok) {
      onProblem(result.message);
      return;
    }
    const asset = result.data.assets.find((a) => a.assetCoding === wanted);
    if (!asset) {
      onProblem(t('business.codeNotFound', { code: wanted }));
      return;
    }
    add(asset);
  };

  return (
    <div className={styles.root}>
      <div className={styles.inputs}>
        <Field label={t('business.assetSearch')} className={styles.grow}>
          <Combobox
            value={query}
            freeform
            onInput={(e) => setQuery((e.target as HTMLInputElement).value)}
            onOptionSelect={(_, data) => {
              const asset = found?.find((a) => String(a.id) === data.optionValue);
              if (asset) add(asset);
              setQuery('');
            }}
            data-testid="business-asset-search"
          >
            {(found ?? []).map((a) => (
              <Option key={a.id} value={String(a.id)} text={`${a.assetCoding} ${a.assetName}`} data-code={a.assetCoding}>
                {`${a.assetCoding}  ${a.assetName}`}
              </Option>
            ))}
          </Combobox>
        </Field>
      </div>
      <ScannerPanel onScan={(scan) => void addScanned(scan.text)} typedLabel={t('business.assetCode')} typedTestId="business-asset-code" />
      <Text data-testid="business-asset-count" data-count={assets.length}>
        {t('business.assetCount', { count: assets.length })}
      </Text>
      {assets.length === 0 ? (
        <Text className={styles.empty}>{t('business.noAssets')}</Text>
      ) : (
        <div className={styles.tableBox}>
          <Table size="small" className={styles.table} aria-label={t('business.assets')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('asset.field.assetCoding')}</TableHeaderCell>
                <TableHeaderCell>{t('asset.field.assetName')}</TableHeaderCell>
                <TableHeaderCell>{t('asset.field.status')}</TableHeaderCell>
                <TableHeaderCell>{t('asset.field.affiliatedStaff')}</TableHeaderCell>
                <TableHeaderCell className={styles.remove} />
              </TableRow>
            </TableHeader>
            <TableBody>
              {assets.map((a) => (
                <TableRow key={a.id} data-testid="business-asset" data-code={a.assetCoding}>
                  <TableCell>{a.assetCoding}</TableCell>
                  <TableCell>{a.assetName}</TableCell>
                  <TableCell>
                    <Badge appearance="tint" color="informative">
                      {t(statusLabel(a.status))}
                    </Badge>
                  </TableCell>
                  <TableCell>{a.staffName ?? ''}</TableCell>
                  <TableCell className={styles.remove}>
                    <Button
                      appearance="subtle"
                      icon={<DismissRegular />}
                      aria-label={t('business.removeAsset', { code: a.assetCoding })}
                      onClick={() => onChange(assets.filter((x) => x.id !== a.id))}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}
