import { Badge, makeStyles, MessageBar, MessageBarBody, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { businessApi } from '../../api';
import { assetState } from '../../state/assets';
import { settings } from '../../state/settings';
import { statusLabel } from '../asset/assetListQuery';
import { changeText, formatBusinessTime } from './businessDisplay';
import { CellText } from '../../components/CellText';

const useStyles = makeStyles({
  box: { overflowX: 'auto' },
  // Eight columns: below this they overlap; narrower screens scroll the table instead.
  table: { minWidth: '760px' },
  empty: { color: tokens.colorNeutralForeground3 },
});

/** An asset's transactions, newest first (GET api/BusinessAssetList?assetId=), each line as recorded. */
export function AssetHistory({ assetId }: { assetId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { language } = useSnapshot(settings);
  // A transaction elsewhere bumps the revision, so the history follows.
  const { assetRevision } = useSnapshot(assetState);
  const { data, error, isLoading } = useSWR(['asset-history', assetId, language, assetRevision] as const, async () => {
    const result = await businessApi.assetHistory(assetId);
    if (!result.ok) throw new Error(result.message);
    return result.data;
  });

  if (error) {
    return (
      <MessageBar intent="error" data-testid="asset-history-error">
        <MessageBarBody>{t('business.historyFailed', { message: (error as Error).message })}</MessageBarBody>
      </MessageBar>
    );
  }
  if (isLoading || !data) return <Spinner size="small" label={t('shell.loading')} />;
  if (data.length === 0) return <Text className={styles.empty} data-testid="asset-history-empty">{t('business.historyEmpty')}</Text>;
  return (
    <div className={styles.box}>
      <Table size="small" className={styles.table} aria-label={t('business.history')} data-testid="asset-history">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('business.column.time')}</TableHeaderCell>
            <TableHeaderCell>{t('business.column.type')}</TableHeaderCell>
            <TableHeaderCell>{t('business.column.status')}</TableHeaderCell>
            <TableHeaderCell>{t('business.column.dept')}</TableHeaderCell>
            <TableHeaderCell>{t('business.column.person')}</TableHeaderCell>
            <TableHeaderCell>{t('business.column.place')}</TableHeaderCell>
            <TableHeaderCell>{t('business.column.operator')}</TableHeaderCell>
            <TableHeaderCell>{t('business.column.record')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.map((line) => (
            <TableRow key={line.id} data-testid="asset-history-row" data-type={line.business.type}>
              <TableCell>{formatBusinessTime(line.business.businessTime)}</TableCell>
              <TableCell>
                <Badge appearance="tint" color="brand" data-testid="asset-history-type">
                  {t(`business.type.${line.business.type}`)}
                </Badge>
              </TableCell>
              <TableCell data-testid="asset-history-status">{changeText(t(statusLabel(line.statusBefore)), t(statusLabel(line.statusAfter)))}</TableCell>
              <TableCell><CellText value={changeText(line.deptNameBefore, line.deptNameAfter)} /></TableCell>
              <TableCell data-testid="asset-history-person"><CellText value={changeText(line.staffNameBefore, line.staffNameAfter)} /></TableCell>
              <TableCell><CellText value={changeText(line.siteBefore, line.siteAfter)} /></TableCell>
              <TableCell><CellText value={line.business.operatorName} /></TableCell>
              <TableCell>{line.businessId}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
