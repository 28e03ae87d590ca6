import { Button, makeStyles, Text, tokens, Tooltip } from '@fluentui/react-components';
import { PanelLeftContractRegular, PanelLeftExpandRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { ScansWaitingLink } from '../pages/inventory/ScansWaitingLink';
import { can, type SessionUser } from '../permissions';
import type { RouteHandle } from '../router';
import { FullscreenToggle } from './FullscreenToggle';
import { LanguageMenu } from './LanguageMenu';
import { UserMenu } from './UserMenu';

const useStyles = makeStyles({
  root: {
    height: '56px',
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingInline: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  title: { margin: 0, flexGrow: 1, minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

/**
 * The header bar: sidebar toggle, page title, inventory scans waiting to sync (users with 201),
 * language, full screen, account menu.
 */
export function AppHeader({
  user,
  sidebarExpanded,
  onToggleSidebar,
}: {
  user: SessionUser;
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const handle = [...useMatches()].reverse().find((m) => (m.handle as RouteHandle | undefined)?.titleKey)?.handle as
    | RouteHandle
    | undefined;
  const toggleLabel = sidebarExpanded ? t('shell.collapseSidebar') : t('shell.expandSidebar');
  return (
    <header className={styles.root}>
      <Tooltip content={toggleLabel} relationship="label">
        <Button
          appearance="subtle"
          icon={sidebarExpanded ? <PanelLeftContractRegular /> : <PanelLeftExpandRegular />}
          onClick={onToggleSidebar}
          aria-expanded={sidebarExpanded}
          data-testid="sidebar-toggle"
        />
      </Tooltip>
      <Text as="h1" size={400} weight="semibold" className={styles.title} data-testid="page-title">
        {handle ? t(handle.titleKey) : ''}
      </Text>
      <div className={styles.actions}>
        {can.inventory(user) && <ScansWaitingLink />}
        <LanguageMenu />
        <FullscreenToggle />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
