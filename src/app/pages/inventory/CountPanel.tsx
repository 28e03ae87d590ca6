import { useEffect } from 'react';
import {
  Badge,
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowSyncRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { InventoryResult, type InventoryLine } from '../../../api/contract';
import { AppLink } from '../../components/AppLink';
import { ScannerPanel } from '../../components/ScannerPanel';
import { inventoryLines } from '../../state/inventoryLines';
import { session } from '../../state/session';
import { formatBusinessTime } from '../business/businessDisplay';
import { isRegistrableCode } from './inventoryDisplay';
import type { InventorySync } from './inventorySync';
import type { ScanStatus, ScanView } from './scanSync';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // Scanner and scans side by side, one above the other on a phone (390 px wide).
  columns: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(320px, 100%), 1fr))', gap: tokens.spacingHorizontalXL, alignItems: 'start' },
  recent: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, maxHeight: '420px', overflowY: 'auto' },
  scan: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  code: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  name: { flexGrow: 1, minWidth: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
});

const STATUS_COLOR: Record<ScanStatus, 'informative' | 'success' | 'warning' | 'brand' | 'danger'> = {
  waiting: 'informative',
  normal: 'success',
  duplicate: 'warning',
  surplus: 'brand',
  refused: 'danger',
};

/**
 * Counting an order: the scanner (camera, wedge scanner, typed code), the sync state ("n scans
 * waiting to sync", offline, sync now) and the scans of this visit, each with what the server
 * made of it. Every scan goes to the device's queue first (inventorySync.ts), so none is lost
 * to a bad network; the page shows it waiting until the server answers.
 */
export function CountPanel({ orderId, open, sync }: { orderId: number; open: boolean; sync: InventorySync }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { user } = useSnapshot(session);
  const state = useSnapshot(sync.state);
  useSnapshot(inventoryLines.state);
  const waiting = state.waiting[orderId] ?? 0;
  const scans = state.recent.filter((s) => s.orderId === orderId && s.userId === user?.Id) as readonly ScanView<InventoryLine>[];

  // Every answered line goes into the counting screen's cache (spec section 9's rule there).
  useEffect(
    () =>
      sync.onAnswered((answeredOrder, answers) => {
        const lines = answers.flatMap((a) => (a.line ? [a.line] : []));
        if (lines.length > 0) inventoryLines.keep(answeredOrder, lines);
      }),
    [sync],
  );

  const onScan = (text: string) => {
    void sync.scan(orderId, text).catch((error: unknown) => {
      // The queue could not be written (storage full or refused): the scan was not taken.
      console.error('inventory scan not queued', error);
    });
  };

  return (
    <div className={styles.root} data-testid="inventory-count">
      {!state.durable && (
        <MessageBar intent="warning" layout="multiline" data-testid="inventory-not-durable">
          <MessageBarBody>{t('inventory.notDurable')}</MessageBarBody>
        </MessageBar>
      )}
      {/* Multiline: on a phone the offline sentence wraps and Sync now stays in view (the auto layout clipped both). */}
      <MessageBar
        intent={waiting === 0 ? 'success' : state.offline ? 'warning' : 'info'}
        layout="multiline"
        data-testid="inventory-sync"
        data-waiting={waiting}
        data-offline={state.offline}
        data-syncing={state.syncing}
      >
        <MessageBarBody>
          {waiting === 0 ? t('inventory.allSynced') : t('inventory.waiting', { count: waiting })}
          {waiting > 0 && state.offline && ` · ${t('inventory.offline')}`}
          {waiting > 0 && !state.offline && state.lastError && ` · ${t('inventory.syncFailed', { message: state.lastError })}`}
        </MessageBarBody>
        {waiting > 0 && (
          <MessageBarActions>
            <Button icon={<ArrowSyncRegular />} disabled={state.syncing} onClick={() => void sync.flush()} data-testid="inventory-sync-now">
              {state.syncing ? t('inventory.syncing') : t('inventory.syncNow')}
            </Button>
          </MessageBarActions>
        )}
      </MessageBar>
      {!open && (
        <MessageBar intent="error" layout="multiline" data-testid="inventory-closed">
          <MessageBarBody>{t('inventory.closedOrder')}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.columns}>
        <ScannerPanel onScan={(scan) => onScan(scan.text)} disabled={!open} typedLabel={t('inventory.codeInput')} typedTestId="inventory-code" />
        <div>
          <Subtitle2>{t('inventory.recent')}</Subtitle2>
          <div className={styles.recent} data-testid="inventory-scans">
            {scans.length === 0 && <Text className={styles.hint}>{t('inventory.recentEmpty')}</Text>}
            {scans.map((scan) => (
              <ScanRow key={scan.scanId} scan={scan} orderId={orderId} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

function ScanRow({ scan, orderId }: { scan: ScanView<InventoryLine>; orderId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  // Until the server answers, the cache says which asset it is and whether it was counted.
  const cached = scan.status === 'waiting' ? inventoryLines.find(orderId, scan.text) : undefined;
  const line = scan.line ?? null;
  const name = line?.assetName || cached?.assetName || '';
  const registrable = scan.status === 'surplus' && line !== null && line.assetId === null && isRegistrableCode(line.assetCoding);
  return (
    <div className={styles.scan} data-testid="inventory-scan" data-text={scan.text} data-status={scan.status}>
      <Badge appearance="tint" color={STATUS_COLOR[scan.status]} data-testid="inventory-scan-status">
        {t(`inventory.outcome.${scan.status}`)}
      </Badge>
      <Text className={styles.code}>{line?.assetCoding ?? scan.text}</Text>
      <Text className={styles.name}>{name}</Text>
      {scan.status === 'duplicate' && <Text className={styles.hint}>{t('inventory.duplicateHint')}</Text>}
      {cached && cached.result === InventoryResult.normal && <Text className={styles.hint}>{t('inventory.alreadyCounted')}</Text>}
      {scan.status === 'refused' && scan.message && <Text className={styles.hint}>{scan.message}</Text>}
      {registrable && (
        <span data-testid="inventory-register">
          <AppLink to={`/asset/info?code=${encodeURIComponent(line.assetCoding)}`}>{t('inventory.registerAsset')}</AppLink>
        </span>
      )}
      <Text size={200} className={styles.hint}>
        {formatBusinessTime(scan.scannedAt)}
      </Text>
    </div>
  );
}
