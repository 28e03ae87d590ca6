import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  ProgressBar,
  Spinner,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { ArrowLeftRegular, CheckmarkCircleRegular, ScanRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import type { InventoryOrderInfo } from '../../../api/contract';
import { inventoryApi } from '../../api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../notify';
import { session } from '../../state/session';
import { settings } from '../../state/settings';
import { formatBusinessTime } from '../business/businessDisplay';
import { CountPanel } from './CountPanel';
import { countedPercent, isOrderOpen, orderIdParam, orderStatusColor } from './inventoryDisplay';
import { InventoryLines } from './InventoryLines';
import { useInventorySync, type InventorySync } from './inventorySync';
import { OrderCountsText, useScopeText } from './OrderSummary';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM },
  // Title and actions share a line while they fit; on a phone the actions go below the title.
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  // The back arrow stays beside the title, which wraps inside its own column.
  titleRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flex: '1 1 320px', minWidth: 0 },
  heading: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  badge: { flexShrink: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  facts: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalXL, rowGap: tokens.spacingVerticalXS, color: tokens.colorNeutralForeground2 },
  progress: { maxWidth: '480px' },
});

/**
 * /inventory/details?id= (hidden from the menu; permission 201): an order's header (status,
 * scope, counts, progress), its lines (InventoryLines) and, while the order is open, a Count
 * mode (`&count=1`, so a reload stays in it) with the scanner (CountPanel). Finish first sends
 * the device's queued scans of the order; with scans still waiting (offline) it refuses and
 * says why, since finishing would mark those assets short.
 */
export default function InventoryDetailsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [params] = useSearchParams();
  const id = orderIdParam(params.get('id'));
  if (id === null) {
    return (
      <Card className={styles.card}>
        <UnknownOrder />
      </Card>
    );
  }
  return <OrderDetails key={id} id={id} />;
}

function UnknownOrder({ message }: { message?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <MessageBar intent="error" data-testid="inventory-order-error">
      <MessageBarBody>{message ?? t('inventory.unknownOrder')}</MessageBarBody>
      <MessageBarActions>
        <Button onClick={() => navigate('/inventory')}>{t('inventory.backToList')}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}

function OrderDetails({ id }: { id: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const counting = params.get('count') === '1';
  const { user } = useSnapshot(session);
  const { language } = useSnapshot(settings);
  const sync = useInventorySync();
  const scopeText = useScopeText();
  // Moves whenever scans of this order were answered: header and lines are read again.
  const [revision, setRevision] = useState(0);
  const [finishing, setFinishing] = useState<InventoryOrderInfo | null>(null);
  const [finishProblem, setFinishProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);

  const { data: order, error, mutate } = useSWR(
    user ? (['inventory-order', id, user.loginID, language, revision] as const) : null,
    async () => {
      const result = await inventoryApi.details(id);
      if (!result.ok) throw new Error(result.message);
      return result.data;
    },
    { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false },
  );

  useEffect(
    () =>
      sync?.onAnswered((orderId) => {
        if (orderId !== id) return;
        setRevision((r) => r + 1);
        // Scans were sent: "n scans still waiting" no longer holds; Finish asks again.
        setFinishProblem(null);
      }),
    [sync, id],
  );

  const setCounting = (on: boolean) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (on) out.set('count', '1');
        else out.delete('count');
        return out;
      },
      { replace: true },
    );

  const startFinish = async (current: InventoryOrderInfo, openSync: InventorySync | null) => {
    setFinishProblem(null);
    setPreparing(true);
    // The device's scans of this order count before the rest is marked short.
    if (openSync) await openSync.flush();
    const waiting = openSync?.waitingFor(current.id) ?? 0;
    // The order as it is now (its pending count after those scans), for the question.
    const fresh = waiting > 0 ? current : ((await mutate().catch(() => undefined)) ?? current);
    setPreparing(false);
    if (waiting > 0) setFinishProblem(t('inventory.finishWaiting', { count: waiting }));
    else setFinishing(fresh);
  };

  if (error && !order) {
    return (
      <Card className={styles.card}>
        <UnknownOrder message={(error as Error).message} />
      </Card>
    );
  }
  if (!order) {
    return (
      <Card className={styles.card}>
        <Spinner size="small" label={t('shell.loading')} />
      </Card>
    );
  }

  const open = isOrderOpen(order.status);
  return (
    <div className={styles.page}>
      <Card className={styles.card} data-testid="inventory-order" data-status={order.status} data-order={order.id}>
        <div className={styles.header}>
          <div className={styles.titleRow}>
            <Button appearance="subtle" icon={<ArrowLeftRegular />} aria-label={t('inventory.backToList')} onClick={() => navigate('/inventory')} />
            <Title3 as="h2" className={styles.heading} data-testid="inventory-order-name">
              {order.name}
            </Title3>
            <Badge appearance="tint" className={styles.badge} color={orderStatusColor(order.status)} data-testid="inventory-order-status">
              {t(`inventory.status.${order.status}`)}
            </Badge>
          </div>
          {open && (
            <div className={styles.actions}>
              <Button
                appearance={counting ? 'secondary' : 'primary'}
                icon={<ScanRegular />}
                onClick={() => setCounting(!counting)}
                data-testid="inventory-count-mode"
              >
                {counting ? t('inventory.leaveCountMode') : t('inventory.countMode')}
              </Button>
              <Button icon={<CheckmarkCircleRegular />} disabled={preparing} onClick={() => void startFinish(order, sync)} data-testid="inventory-finish">
                {preparing ? t('inventory.syncing') : t('inventory.finish')}
              </Button>
            </div>
          )}
        </div>
        <div className={styles.facts}>
          <OrderCountsText counts={order.counts} testId="inventory-order-counts" />
          <Text>{scopeText(order.scope)}</Text>
          <Text>
            {t('inventory.column.creator')}: {order.creatorName} · {formatBusinessTime(order.createdAt)}
          </Text>
          {order.finishedAt && (
            <Text>
              {t('inventory.column.finishedAt')}: {formatBusinessTime(order.finishedAt)}
            </Text>
          )}
          {order.remark && <Text>{order.remark}</Text>}
        </div>
        <div className={styles.progress}>
          <ProgressBar value={countedPercent(order.counts) / 100} thickness="large" />
          <Text size={200}>{t('inventory.progress', { percent: countedPercent(order.counts) })}</Text>
        </div>
        {finishProblem && (
          <MessageBar intent="warning" data-testid="inventory-finish-problem">
            <MessageBarBody>{finishProblem}</MessageBarBody>
          </MessageBar>
        )}
        {counting && sync && <CountPanel orderId={order.id} open={open} sync={sync} />}
      </Card>

      <Card className={styles.card}>
        <InventoryLines orderId={order.id} revision={revision} />
      </Card>

      {finishing && (
        <ConfirmDialog
          title={t('inventory.finishTitle')}
          message={t('inventory.finishMessage', { count: finishing.counts.pending })}
          confirmLabel={t('inventory.finish')}
          onClose={() => setFinishing(null)}
          onConfirm={async () => {
            const result = await inventoryApi.finish(finishing.id, finishing.version);
            if (!result.ok) {
              void mutate();
              return result.message;
            }
            notify('success', t('inventory.finished'));
            setCounting(false);
            setRevision((r) => r + 1);
            return null;
          }}
        />
      )}
    </div>
  );
}
