import { useEffect, useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { CloudArrowUpRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { AppLink } from '../../components/AppLink';
import { waitingScansLink } from './appScanSync';
import { inventorySync, type InventorySync } from './inventorySync';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, color: tokens.colorPaletteMarigoldForeground2, whiteSpace: 'nowrap' },
  // On a phone the header has no room for the sentence: the count alone (the link's title says it).
  long: { '@media (max-width: 767px)': { display: 'none' } },
  short: { display: 'none', '@media (max-width: 767px)': { display: 'inline' } },
});

/**
 * The shell header's "n scans waiting to sync" (appScanSync.ts), a link to their order (or to
 * the orders list when several orders have some); nothing while none wait. For users with
 * permission 201 only (the header asks can.inventory).
 */
export function ScansWaitingLink() {
  const [sync, setSync] = useState<InventorySync | null>(null);
  useEffect(() => {
    let live = true;
    void inventorySync().then((opened) => {
      if (live) setSync(opened);
    });
    return () => {
      live = false;
    };
  }, []);
  return sync ? <WaitingLink sync={sync} /> : null;
}

function WaitingLink({ sync }: { sync: InventorySync }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { waiting } = useSnapshot(sync.state);
  const link = waitingScansLink(waiting);
  if (!link) return null;
  const text = t('inventory.waiting', { count: link.count });
  return (
    <span className={styles.root} data-testid="shell-scans-waiting" data-waiting={link.count} data-to={link.to}>
      <CloudArrowUpRegular aria-hidden />
      <AppLink to={link.to}>
        <span className={styles.long}>{text}</span>
        <span className={styles.short} title={text}>
          {link.count}
        </span>
      </AppLink>
    </span>
  );
}
