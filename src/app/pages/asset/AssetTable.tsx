import {
  Badge,
  Button,
  Checkbox,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableCellLayout,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { AssetUseStatus, type AssetInfo, type AssetSortKey } from '../../../api/contract';
import type { MessageKey } from '../../i18n/types';
import { EXPIRY_BAND_COLORS, expiryMessage, formatMoney, pictureSrc } from './assetDisplay';
import { usePictureToken } from './pictureToken';
import { EXPIRY_BAND_LABELS, statusLabel, type AssetSort } from './assetListQuery';

const useStyles = makeStyles({
  table: { minWidth: '1560px' },
  headerRow: { backgroundColor: tokens.colorNeutralBackground3 },
  name: { fontWeight: tokens.fontWeightSemibold },
  thumb: { width: '28px', height: '28px', objectFit: 'cover', borderRadius: tokens.borderRadiusSmall, display: 'block' },
  number: { textAlign: 'right' },
  muted: { color: tokens.colorNeutralForeground3 },
  expiry: { display: 'flex', flexDirection: 'column', gap: '2px', paddingBlock: tokens.spacingVerticalXS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXXS, justifyContent: 'flex-end' },
  check: { width: '44px' },
});

interface Column {
  key: AssetSortKey;
  titleKey: MessageKey;
  width: string;
  numeric?: boolean;
  cell: (asset: AssetInfo) => React.ReactNode;
}

/**
 * The asset rows: every column sorts (a second click turns the order round); remaining value
 * and expiry (band and the spec's message); a check box per row for deleting several; edit and
 * delete per row when the user holds 102 / 103.
 */
export function AssetTable({
  rows,
  sort,
  onSort,
  selected,
  onSelectedChange,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: {
  rows: readonly AssetInfo[];
  sort: AssetSort;
  onSort: (key: AssetSortKey) => void;
  selected: ReadonlySet<number>;
  onSelectedChange: (ids: Set<number>) => void;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (asset: AssetInfo) => void;
  onDelete: (asset: AssetInfo) => void;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const pictureToken = usePictureToken();
  const none = <span className={styles.muted}>—</span>;
  const money = (value: number | null) => (value === null ? none : formatMoney(value, i18n.language));

  const columns: Column[] = [
    { key: 'assetCoding', titleKey: 'asset.field.assetCoding', width: '130px', cell: (a) => a.assetCoding },
    {
      key: 'assetName',
      titleKey: 'asset.field.assetName',
      width: '180px',
      cell: (a) => (
        <TableCellLayout
          className={styles.name}
          media={a.picture && pictureToken ? <img className={styles.thumb} src={pictureSrc(a.picture, pictureToken, import.meta.env.VITE_API_BASE ?? '', 'thumb')} alt="" loading="lazy" /> : undefined}
        >
          {a.assetName}
        </TableCellLayout>
      ),
    },
    { key: 'classify', titleKey: 'asset.field.classify', width: '120px', cell: (a) => a.classifyName ?? none },
    { key: 'specifications', titleKey: 'asset.field.specifications', width: '120px', cell: (a) => a.specifications || none },
    { key: 'unit', titleKey: 'asset.field.unit', width: '80px', cell: (a) => a.unit || none },
    { key: 'affiliatedDept', titleKey: 'asset.field.affiliatedDept', width: '120px', cell: (a) => a.deptName ?? none },
    { key: 'affiliatedStaff', titleKey: 'asset.field.affiliatedStaff', width: '100px', cell: (a) => a.staffName ?? none },
    { key: 'depositSite', titleKey: 'asset.field.depositSite', width: '120px', cell: (a) => a.depositSite || none },
    { key: 'buyDate', titleKey: 'asset.field.buyDate', width: '110px', cell: (a) => a.buyDate ?? none },
    { key: 'buyPrice', titleKey: 'asset.field.buyPrice', width: '120px', numeric: true, cell: (a) => money(a.buyPrice) },
    { key: 'lossCycle', titleKey: 'asset.field.lossCycle', width: '110px', numeric: true, cell: (a) => a.lossCycle ?? none },
    {
      key: 'currentValue',
      titleKey: 'asset.field.currentValue',
      width: '120px',
      numeric: true,
      cell: (a) => <span data-testid="asset-current-value">{money(a.currentValue)}</span>,
    },
    {
      key: 'status',
      titleKey: 'asset.field.status',
      width: '90px',
      cell: (a) => (
        <Badge appearance="tint" color={a.status === AssetUseStatus.using ? 'success' : a.status === AssetUseStatus.discard ? 'danger' : 'informative'} data-testid="asset-status">
          {t(statusLabel(a.status))}
        </Badge>
      ),
    },
    {
      key: 'expireDate',
      titleKey: 'asset.field.expiry',
      width: '190px',
      cell: (a) => {
        const message = expiryMessage(a.expiry);
        return (
          <div className={styles.expiry}>
            <Badge appearance="tint" color={EXPIRY_BAND_COLORS[a.expiry.band]} data-testid="asset-expiry" data-band={a.expiry.band}>
              {t(EXPIRY_BAND_LABELS[a.expiry.band])}
            </Badge>
            {message && (
              <Text size={200} className={styles.muted}>
                {t(message.key, message.values)}
              </Text>
            )}
          </div>
        );
      },
    },
  ];

  const allChecked = rows.length > 0 && rows.every((a) => selected.has(a.id));
  const someChecked = rows.some((a) => selected.has(a.id));
  const toggleAll = () => {
    const next = new Set(selected);
    for (const a of rows) {
      if (allChecked) next.delete(a.id);
      else next.add(a.id);
    }
    onSelectedChange(next);
  };
  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  };

  return (
    <Table className={styles.table} sortable aria-label={t('asset.listTitle')} data-testid="asset-table">
      <TableHeader>
        <TableRow className={styles.headerRow}>
          {canDelete && (
            <TableHeaderCell className={styles.check}>
              <Checkbox
                checked={allChecked ? true : someChecked ? 'mixed' : false}
                onChange={toggleAll}
                aria-label={t('asset.selectAll')}
                data-testid="asset-select-all"
              />
            </TableHeaderCell>
          )}
          {columns.map((c) => (
            <TableHeaderCell
              key={c.key}
              style={{ width: c.width }}
              sortDirection={sort.key === c.key ? (sort.asc ? 'ascending' : 'descending') : undefined}
              onClick={() => onSort(c.key)}
              data-testid={`asset-sort-${c.key}`}
            >
              {t(c.titleKey)}
            </TableHeaderCell>
          ))}
          {(canEdit || canDelete) && (
            <TableHeaderCell style={{ width: '96px' }}>
              <span className={styles.actions} style={{ width: '100%' }}>
                {t('common.actions')}
              </span>
            </TableHeaderCell>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((asset) => (
          <TableRow key={asset.id} data-testid="asset-row" data-code={asset.assetCoding} data-name={asset.assetName}>
            {canDelete && (
              <TableCell className={styles.check}>
                <Checkbox
                  checked={selected.has(asset.id)}
                  onChange={(_, d) => toggle(asset.id, d.checked === true)}
                  aria-label={t('asset.selectRow', { name: asset.assetName })}
                  data-testid="asset-select"
                />
              </TableCell>
            )}
            {columns.map((c) => (
              <TableCell key={c.key} className={c.numeric ? styles.number : undefined}>
                {c.cell(asset)}
              </TableCell>
            ))}
            {(canEdit || canDelete) && (
              <TableCell>
                <div className={styles.actions}>
                  {canEdit && (
                    <Tooltip content={t('common.edit')} relationship="label">
                      <Button appearance="subtle" size="small" icon={<EditRegular />} onClick={() => onEdit(asset)} data-testid="asset-edit" />
                    </Tooltip>
                  )}
                  {canDelete && (
                    <Tooltip content={t('common.delete')} relationship="label">
                      <Button appearance="subtle" size="small" icon={<DeleteRegular />} onClick={() => onDelete(asset)} data-testid="asset-delete" />
                    </Tooltip>
                  )}
                </div>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
