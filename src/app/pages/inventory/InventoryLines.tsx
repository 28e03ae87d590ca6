import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  makeStyles,
  SearchBox,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { inventoryApi } from '../../api';
import { CellText } from '../../components/CellText';
import { FilterDropdown } from '../../components/FilterDropdown';
import { ListFrame } from '../../components/ListFrame';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { usePagedList } from '../../hooks/usePagedList';
import { inventoryLines } from '../../state/inventoryLines';
import { session } from '../../state/session';
import { settings } from '../../state/settings';
import { saveExcelFile } from '../asset/importFile';
import { formatBusinessTime } from '../business/businessDisplay';
import { INVENTORY_RESULTS } from '../../../api/contract';
import { lineResultColor, resultParam } from './inventoryDisplay';

/** How long the search waits for typing to stop (ms). */
const SEARCH_DEBOUNCE_MS = 300;

const useStyles = makeStyles({
  search: { minWidth: '240px' },
  result: { minWidth: '140px' },
  // Nine columns: narrower screens scroll the table (ListFrame's box) instead.
  table: { minWidth: '1100px' },
  nowrap: { whiteSpace: 'nowrap' },
});

/**
 * An order's lines, paged: the asset as the register had it when the order was made, its
 * result in the spec's tag colour, when and by whom it was counted. Filter by result (in the
 * address, `?result=`) and by code or name; export the lines (of the chosen result) as .xlsx.
 * `revision` moves when scans were answered or the order finished: the page is fetched again.
 */
export function InventoryLines({ orderId, revision }: { orderId: number; revision: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { user } = useSnapshot(session);
  const { language } = useSnapshot(settings);
  const [params, setParams] = useSearchParams();
  const result = resultParam(params.get('result'));
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const list = usePagedList({
    name: 'inventory-lines',
    enabled: !!user,
    filters: { orderId, result, keyword },
    deps: [user?.loginID, language, revision],
    fetchPage: (pageIndex, pageSize) =>
      inventoryApi.lines({ anlageninventurId: orderId, results: result === null ? undefined : [result], keyword, pageIndex, pageSize }),
    totalOf: (page) => page.filterInventoryAssetCount,
  });
  const lines = list.data?.inventoryAssetList ?? [];

  // The pages seen feed the counting screen's cache (state/inventoryLines.ts).
  useEffect(() => {
    if (lines.length > 0) inventoryLines.keep(orderId, lines);
  }, [orderId, lines]);

  const setResult = (next: number | null) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      if (next === null) out.delete('result');
      else out.set('result', String(next));
      out.delete('page');
      return out;
    });

  const exportLines = async () => {
    setExporting(true);
    setExportError(null);
    const file = await inventoryApi.exportLines({ anlageninventurId: orderId, results: result === null ? undefined : [result], keyword });
    setExporting(false);
    if (file.ok) saveExcelFile(file.data);
    else setExportError(file.message);
  };

  const filtered = result !== null || keyword !== '';
  return (
    <ListFrame
      bare
      title={t('inventory.linesTitle')}
      count={
        <Text data-testid="inventory-line-count" data-count={list.data ? list.total : ''}>
          {list.data ? t('pager.total', { count: list.total }) : ''}
        </Text>
      }
      actions={
        <Button icon={<ArrowDownloadRegular />} disabled={exporting} onClick={() => void exportLines()} data-testid="inventory-export">
          {t('inventory.exportLines')}
        </Button>
      }
      toolbar={
        <>
          <FilterDropdown
            className={styles.result}
            label={t('inventory.column.result')}
            allText={t('inventory.allResults')}
            value={result}
            choices={INVENTORY_RESULTS.map((r) => ({ value: r, text: t(`inventory.result.${r}`) }))}
            onChange={setResult}
            testId="inventory-result-filter"
          />
          <SearchBox
            className={styles.search}
            placeholder={t('inventory.search')}
            value={typed}
            onChange={(_, d) => setTyped(d.value)}
            data-testid="inventory-line-search"
          />
        </>
      }
      loading={list.loading}
      busy={list.busy}
      error={exportError ?? list.error}
      onRetry={exportError ? () => setExportError(null) : list.refresh}
      errorTestId="inventory-lines-error"
      empty={list.data && lines.length === 0 ? { text: filtered ? t('inventory.linesNoMatch') : t('inventory.linesEmpty'), testId: 'inventory-lines-empty' } : null}
      pager={list.pager}
      bodyTestId="inventory-lines"
    >
      <Table size="small" className={styles.table} aria-label={t('route.inventoryDetails')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('inventory.column.assetCoding')}</TableHeaderCell>
            <TableHeaderCell>{t('inventory.column.assetName')}</TableHeaderCell>
            <TableHeaderCell>{t('inventory.column.department')}</TableHeaderCell>
            <TableHeaderCell>{t('inventory.column.user')}</TableHeaderCell>
            <TableHeaderCell>{t('inventory.column.depositSite')}</TableHeaderCell>
            <TableHeaderCell>{t('inventory.column.classification')}</TableHeaderCell>
            <TableHeaderCell>{t('inventory.column.result')}</TableHeaderCell>
            <TableHeaderCell>{t('inventory.column.scannedAt')}</TableHeaderCell>
            <TableHeaderCell>{t('inventory.column.scannedBy')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.id} data-testid="inventory-line" data-code={line.assetCoding} data-result={line.result}>
              <TableCell><CellText value={line.assetCoding} /></TableCell>
              <TableCell><CellText value={line.assetName} /></TableCell>
              <TableCell><CellText value={line.department} /></TableCell>
              <TableCell><CellText value={line.user} /></TableCell>
              <TableCell><CellText value={line.depositSite} /></TableCell>
              <TableCell><CellText value={line.classification} /></TableCell>
              <TableCell className={styles.nowrap}>
                <Badge appearance="tint" color={lineResultColor(line.result)}>
                  {t(`inventory.result.${line.result}`)}
                </Badge>
              </TableCell>
              <TableCell className={styles.nowrap}>{line.scannedAt ? formatBusinessTime(line.scannedAt) : ''}</TableCell>
              <TableCell><CellText value={line.scannedBy} /></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ListFrame>
  );
}
