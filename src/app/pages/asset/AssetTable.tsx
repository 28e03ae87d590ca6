import {
  Badge,
  Button,
  Checkbox,
  makeStyles,
  mergeClasses,
  Table,
  TableBody,
  TableCell,
  TableCellLayout,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { DeleteRegular, EditRegular, PrintRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { AssetUseStatus, type AssetInfo, type AssetSortKey } from '../../../api/contract';
import { EXPIRY_BAND_COLORS, expiryMessage, formatMoney, pictureSrc } from './assetDisplay';
import { usePictureToken } from './pictureToken';
import { EXPIRY_BAND_LABELS, statusLabel, type AssetSort } from './assetListQuery';
import type { ColumnDef } from './assetColumns';
import { formatBusinessTime } from '../business/businessDisplay';
import { CellText } from '../../components/CellText';

/** Width of the check box column and the actions column (two 32 px buttons and padding), CSS px. */
const CHECK_WIDTH = 44;
const ACTIONS_WIDTH = 88;

const useStyles = makeStyles({
  // Fixed layout: each column keeps its width, and the table is at least their sum, so the
  // box around it scrolls sideways instead of pushing columns out of sight.
  table: { tableLayout: 'fixed', width: '100%' },
  headerRow: { backgroundColor: tokens.colorNeutralBackground3 },
  row: { cursor: 'pointer' },
  cell: { overflow: 'hidden' },
  name: { fontWeight: tokens.fontWeightSemibold },
  thumb: { width: '28px', height: '28px', objectFit: 'cover', borderRadius: tokens.borderRadiusSmall, display: 'block' },
  number: { textAlign: 'right' },
  muted: { color: tokens.colorNeutralForeground3 },
  expiryMessage: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 },
  // The code, and after it a printer mark once the asset's label was printed (the "label
  // printed" column itself is hidden by default, so the list shows it at a glance).
  code: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  printedMark: { flexShrink: 0, color: tokens.colorBrandForeground1, fontSize: '14px' },
  expiry: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '2px', paddingBlock: tokens.spacingVerticalXS, minWidth: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXXS, justifyContent: 'flex-end' },
  check: { width: `${CHECK_WIDTH}px` },
  // The actions column stays at the right edge of the box however far the table scrolls.
  sticky: {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    width: `${ACTIONS_WIDTH}px`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: `-1px 0 0 ${tokens.colorNeutralStroke2}`,
  },
  // Header cells stay at the top of the box while its rows scroll (the box has a height).
  headCell: { position: 'sticky', top: 0, zIndex: 2, backgroundColor: tokens.colorNeutralBackground3 },
  stickyHeader: { top: 0, zIndex: 3, backgroundColor: tokens.colorNeutralBackground3 },
});

/** Whether a click inside a row landed on a control of its own (check box, button, link). */
export function isControlClick(target: EventTarget | null, row: Element): boolean {
  if (!(target instanceof Element)) return false;
  const control = target.closest('button, a, input, label, [role="checkbox"], [data-row-click="ignore"]');
  return control !== null && row.contains(control);
}

/**
 * The asset rows, with the columns the user chose (`columns`, in order): every column sorts
 * (a second click turns the order round); long values are cut with an ellipsis and whole in
 * the title; remaining value and expiry (band and the spec's message); a check box per row
 * for deleting several; edit and delete per row when the user holds 102 / 103, in a column
 * that stays at the right edge. A click elsewhere on a row opens the asset.
 */
export function AssetTable({
  rows,
  columns: shown,
  sort,
  onSort,
  selected,
  onSelectedChange,
  canEdit,
  canDelete,
  onOpen,
  onEdit,
  onDelete,
}: {
  rows: readonly AssetInfo[];
  columns: readonly ColumnDef[];
  sort: AssetSort;
  onSort: (key: AssetSortKey) => void;
  selected: ReadonlySet<number>;
  onSelectedChange: (ids: Set<number>) => void;
  canEdit: boolean;
  canDelete: boolean;
  onOpen: (asset: AssetInfo) => void;
  onEdit: (asset: AssetInfo) => void;
  onDelete: (asset: AssetInfo) => void;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const pictureToken = usePictureToken();
  const none = <span className={styles.muted}>—</span>;
  /** A cell of plain text: cut to one line, whole in the title. */
  const text = (value: string | number | null | undefined) => <CellText value={value} empty={none} />;
  const money = (value: number | null) => text(value === null ? null : formatMoney(value, i18n.language));

  const cells: Record<string, (asset: AssetInfo) => React.ReactNode> = {
    assetCoding: (a) => (
      <span className={styles.code}>
        {text(a.assetCoding)}
        {a.labelPrintedAt ? (
          <Tooltip content={t('assetLabel.printedMark', { time: formatBusinessTime(a.labelPrintedAt) })} relationship="label">
            <PrintRegular className={styles.printedMark} data-testid="asset-label-printed-mark" />
          </Tooltip>
        ) : null}
      </span>
    ),
    assetName: (a) => (
      <TableCellLayout
        truncate
        className={styles.name}
        media={a.picture && pictureToken ? <img className={styles.thumb} src={pictureSrc(a.picture, pictureToken, import.meta.env.VITE_API_BASE ?? '', 'thumb')} alt="" loading="lazy" /> : undefined}
      >
        <CellText value={a.assetName} />
      </TableCellLayout>
    ),
    classify: (a) => text(a.classifyName),
    specifications: (a) => text(a.specifications),
    unit: (a) => text(a.unit),
    affiliatedDept: (a) => text(a.deptName),
    affiliatedStaff: (a) => text(a.staffName),
    depositSite: (a) => text(a.depositSite),
    buyDate: (a) => text(a.buyDate),
    buyPrice: (a) => money(a.buyPrice),
    lossCycle: (a) => text(a.lossCycle),
    currentValue: (a) => <span data-testid="asset-current-value">{money(a.currentValue)}</span>,
    status: (a) => (
      <Badge appearance="tint" color={a.status === AssetUseStatus.using ? 'success' : a.status === AssetUseStatus.discard ? 'danger' : 'informative'} data-testid="asset-status">
        {t(statusLabel(a.status))}
      </Badge>
    ),
    labelPrintedAt: (a) => <span data-testid="asset-label-printed">{a.labelPrintedAt ? text(formatBusinessTime(a.labelPrintedAt)) : none}</span>,
    expireDate: (a) => {
      const message = expiryMessage(a.expiry);
      const messageText = message ? t(message.key, message.values) : '';
      return (
        <div className={styles.expiry}>
          <Badge appearance="tint" color={EXPIRY_BAND_COLORS[a.expiry.band]} data-testid="asset-expiry" data-band={a.expiry.band}>
            {t(EXPIRY_BAND_LABELS[a.expiry.band])}
          </Badge>
          {message && (
            <CellText value={messageText} className={styles.expiryMessage} />
          )}
        </div>
      );
    },
  };
  const columns = shown.filter((c) => cells[c.key]);
  const hasActions = canEdit || canDelete;
  const minWidth = columns.reduce((sum, c) => sum + c.width, 0) + (canDelete ? CHECK_WIDTH : 0) + (hasActions ? ACTIONS_WIDTH : 0);

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
    <Table className={styles.table} style={{ minWidth: `${minWidth}px` }} sortable aria-label={t('asset.listTitle')} data-testid="asset-table">
      <TableHeader>
        <TableRow className={styles.headerRow}>
          {canDelete && (
            <TableHeaderCell className={mergeClasses(styles.headCell, styles.check)}>
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
              style={{ width: `${c.width}px` }}
              className={mergeClasses(styles.headCell, c.numeric && styles.number)}
              sortDirection={sort.key === c.key ? (sort.asc ? 'ascending' : 'descending') : undefined}
              sortable={c.sortable !== false}
              onClick={c.sortable === false ? undefined : () => onSort(c.key as AssetSortKey)}
              data-testid={`asset-sort-${c.key}`}
            >
              {t(c.titleKey)}
            </TableHeaderCell>
          ))}
          {hasActions && (
            <TableHeaderCell className={mergeClasses(styles.headCell, styles.sticky, styles.stickyHeader)} data-testid="asset-actions-header">
              <span className={styles.actions} style={{ width: '100%' }}>
                {t('common.actions')}
              </span>
            </TableHeaderCell>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((asset) => (
          <TableRow
            key={asset.id}
            className={styles.row}
            onClick={(e) => {
              if (!isControlClick(e.target, e.currentTarget)) onOpen(asset);
            }}
            data-testid="asset-row"
            data-code={asset.assetCoding}
            data-name={asset.assetName}
          >
            {canDelete && (
              // The whole cell is the check box's: a near miss must not open the asset.
              <TableCell className={styles.check} data-row-click="ignore">
                <Checkbox
                  checked={selected.has(asset.id)}
                  onChange={(_, d) => toggle(asset.id, d.checked === true)}
                  aria-label={t('asset.selectRow', { name: asset.assetName })}
                  data-testid="asset-select"
                />
              </TableCell>
            )}
            {columns.map((c) => (
              <TableCell key={c.key} className={mergeClasses(styles.cell, c.numeric && styles.number)}>
                {cells[c.key]!(asset)}
              </TableCell>
            ))}
            {hasActions && (
              <TableCell className={styles.sticky} data-row-click="ignore" data-testid="asset-actions">
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
