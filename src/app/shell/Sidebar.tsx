import { useMemo } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useLocation } from 'react-router';
import { buildMenu } from '../menu';
import type { SessionUser } from '../permissions';
import { menuGroups, pageRoutes } from '../routes';
import { SidebarNav } from './SidebarNav';
import { SidebarRail } from './SidebarRail';

const useStyles = makeStyles({
  full: { width: '232px' },
  rail: { width: '60px' },
  frame: {
    flexShrink: 0,
    height: '100%',
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    transitionProperty: 'width',
    transitionDuration: tokens.durationNormal,
    overflow: 'hidden',
  },
});

export type SidebarMode = 'full' | 'rail' | 'overlay';

/**
 * The menu generated from the route table for this user: a full navigation pane, a narrow
 * icon rail when collapsed (remembered), or an overlay drawer on narrow screens.
 */
export function Sidebar({
  user,
  mode,
  overlayOpen,
  onOverlayOpenChange,
}: {
  user: SessionUser;
  mode: SidebarMode;
  overlayOpen: boolean;
  onOverlayOpenChange: (open: boolean) => void;
}) {
  const styles = useStyles();
  const menu = useMemo(() => buildMenu(pageRoutes, menuGroups, user), [user]);
  const { pathname } = useLocation();

  if (mode === 'overlay') {
    return <SidebarNav menu={menu} pathname={pathname} type="overlay" open={overlayOpen} onOpenChange={onOverlayOpenChange} />;
  }
  return (
    <nav className={mergeClasses(styles.frame, mode === 'full' ? styles.full : styles.rail)} data-testid="sidebar" data-mode={mode}>
      {mode === 'full' ? <SidebarNav menu={menu} pathname={pathname} type="inline" open /> : <SidebarRail menu={menu} pathname={pathname} />}
    </nav>
  );
}
