import { useState } from 'react';
import {
  Badge,
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { INVENTORY_ORDER_STATUSES, type InventoryOrderInfo } from '../../../api/contract';
import { inventoryApi } from '../../api';
import { AppLink } from '../../components/AppLink';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FilterDropdown } from '../../components/FilterDropdown';
import { ListFrame } from '../../components/ListFrame';
import { usePagedList } from '../../hooks/usePagedList';
import { notify } from '../../notify';
import { session } from '../../state/session';
import { settings } from '../../state/settings';
import { formatBusinessTime } from '../business/businessDisplay';
import { orderStatusColor, statusParam } from './inventoryDisplay';
import { useInventorySync, type InventorySync } from './inventorySync';
import { NewOrderDialog } from './NewOrderDialog';
import { OrderCountsText, useScopeText } from './OrderSummary';

const useStyles = makeStyles({
  status: { minWidth: '160px' },
  // Eight columns (Fluent's table lays them out fixed, so each gets a share); narrower
  // screens scroll the table (ListFrame's box) instead.
  table: { minWidth: '940px' },
  name: { width: '16%' },
  statusColumn: { width: '8%' },
  scope: { width: '14%', color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  counts: { width: '18%' },
  creator: { width: '12%', overflowWrap: 'anywhere' },
  time: { width: '10%' },
  actionsColumn: { width: '12%' },
  nowrap: { whiteSpace: 'nowrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  waiting: { flexBasis: '100%' },
});

/**
 * /inventory (permission 201): the inventory orders the user sees, newest first, each with
 * its status in the spec's tag colour and its counts; a status filter (in the address); a new
 * order (name and scope), opened at once; an order opens its details (lines, counting); a
 * delete after confirming.
 */
export default function InventoryListPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { user } = useSnapshot(session);
  const { language } = useSnapshot(settings);
  const [params, setParams] = useSearchParams();
  const status = statusParam(params.get('status'));
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<InventoryOrderInfo | null>(null);
  const scopeText = useScopeText();
  // Scans left queued on this device (an earlier visit, offline) are sent on this page's load too.
  const sync = useInventorySync();

  const list = usePagedList({
    name: 'inventory-orders',
    enabled: !!user,
    filters: { status },
    deps: [user?.loginID, language],
    fetchPage: (pageIndex, pageSize) => inventoryApi.list({ statuses: status === null ? undefined : [status], pageIndex, pageSize }),
    totalOf: (page) => page.filterAnlageninventurCount,
  });
  const orders = list.data?.anlageninventurs ?? [];

  const setStatus = (next: number | null) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      if (next === null) out.delete('status');
      else out.set('status', String(next));
      out.delete('page');
      return out;
    });

  const create = (testId: string) => (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)} data-testid={testId}>
      {t('inventory.newOrder')}
    </Button>
  );

  return (
    <ListFrame
      title={t('inventory.title')}
      count={
        <Text data-testid="inventory-order-count" data-count={list.data ? list.total : ''}>
          {list.data ? t('inventory.orderCount', { count: list.total }) : ''}
        </Text>
      }
      actions={create('inventory-new')}
      toolbar={
        <>
          {sync && <WaitingScans sync={sync} />}
          <FilterDropdown
            className={styles.status}
            label={t('inventory.column.status')}
            allText={t('inventory.allStatuses')}
            value={status}
            choices={INVENTORY_ORDER_STATUSES.map((s) => ({ value: s, text: t(`inventory.status.${s}`) }))}
            onChange={setStatus}
            testId="inventory-status-filter"
          />
        </>
      }
      loading={list.loading}
      busy={list.busy}
      error={list.error}
      onRetry={list.refresh}
      errorTestId="inventory-list-error"
      empty={
        list.data && orders.length === 0
          ? status === null
            ? { text: t('inventory.empty'), action: create('inventory-new-empty'), testId: 'inventory-empty' }
            : { text: t('inventory.noMatch'), testId: 'inventory-empty' }
          : null
      }
      pager={list.pager}
      bodyTestId="inventory-orders"
    >
      <Table size="small" className={styles.table} aria-label={t('inventory.title')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={styles.name}>{t('inventory.column.name')}</TableHeaderCell>
            <TableHeaderCell className={styles.statusColumn}>{t('inventory.column.status')}</TableHeaderCell>
            <TableHeaderCell className={styles.scope}>{t('inventory.column.scope')}</TableHeaderCell>
            <TableHeaderCell className={styles.counts}>{t('inventory.column.counts')}</TableHeaderCell>
            <TableHeaderCell className={styles.creator}>{t('inventory.column.creator')}</TableHeaderCell>
            <TableHeaderCell className={styles.time}>{t('inventory.column.createdAt')}</TableHeaderCell>
            <TableHeaderCell className={styles.time}>{t('inventory.column.finishedAt')}</TableHeaderCell>
            <TableHeaderCell className={styles.actionsColumn}>{t('inventory.column.actions')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {orders.map((order) => (
            <TableRow key={order.id} data-testid="inventory-order-row" data-order={order.id} data-status={order.status}>
              <TableCell>
                <AppLink to={`/inventory/details?id=${order.id}`}>{order.name}</AppLink>
              </TableCell>
              <TableCell className={styles.nowrap}>
                <Badge appearance="tint" color={orderStatusColor(order.status)} data-testid="inventory-order-status">
                  {t(`inventory.status.${order.status}`)}
                </Badge>
              </TableCell>
              <TableCell className={styles.scope}>{scopeText(order.scope)}</TableCell>
              <TableCell>
                <OrderCountsText counts={order.counts} testId="inventory-order-counts" />
              </TableCell>
              <TableCell className={styles.creator}>{order.creatorName}</TableCell>
              <TableCell>{formatBusinessTime(order.createdAt)}</TableCell>
              <TableCell>{order.finishedAt ? formatBusinessTime(order.finishedAt) : ''}</TableCell>
              <TableCell>
                <div className={styles.actions}>
                  <Button size="small" onClick={() => navigate(`/inventory/details?id=${order.id}`)} data-testid="inventory-order-open">
                    {t('inventory.open')}
                  </Button>
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={t('inventory.remove')}
                    title={t('inventory.remove')}
                    onClick={() => setRemoving(order)}
                    data-testid="inventory-order-delete"
                  />
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      {creating && (
        <NewOrderDialog
          onClose={() => setCreating(false)}
          onCreated={(order) => {
            setCreating(false);
            notify('success', t('inventory.created', { name: order.name, count: order.counts.total }));
            navigate(`/inventory/details?id=${order.id}`);
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={t('inventory.removeTitle')}
          message={t('inventory.removeMessage', { name: removing.name })}
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            const result = await inventoryApi.remove(removing.id, removing.version);
            // Gone or changed meanwhile: the list shows it as it is now.
            list.refresh();
            if (!result.ok) return result.message;
            notify('success', t('inventory.removed', { name: removing.name }));
            return null;
          }}
        />
      )}
    </ListFrame>
  );
}

/** "n scans waiting to sync" of the device's queue, all orders together; nothing when none wait. */
function WaitingScans({ sync }: { sync: InventorySync }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { waiting } = useSnapshot(sync.state);
  const count = Object.values(waiting).reduce((sum, n) => sum + n, 0);
  if (count === 0) return null;
  return (
    <MessageBar intent="warning" className={styles.waiting} data-testid="inventory-list-waiting" data-waiting={count}>
      <MessageBarBody>{t('inventory.waiting', { count })}</MessageBarBody>
    </MessageBar>
  );
}
