import { useEffect, useRef, useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { NARROW_SCREEN, useMediaQuery } from '../hooks/useMediaQuery';
import { LOGIN_PATH } from '../paths';
import { session } from '../state/session';
import { setSidebarCollapsed, settings } from '../state/settings';
import { AppHeader } from './AppHeader';
import { BackToTop } from './BackToTop';
import { Sidebar } from './Sidebar';
import { TagsBar } from './TagsBar';
import { useVisitedTags } from './useVisitedTags';

const useStyles = makeStyles({
  root: { display: 'flex', height: '100%', overflow: 'hidden', backgroundColor: tokens.colorNeutralBackground2 },
  main: { flexGrow: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column', position: 'relative' },
  content: {
    flexGrow: 1,
    minHeight: 0, // a flex item would otherwise grow with the page instead of scrolling
    overflowY: 'auto',
    overflowX: 'hidden',
    padding: tokens.spacingHorizontalXXL,
    '@media (max-width: 767px)': { padding: tokens.spacingHorizontalM },
  },
});

/**
 * The signed-in frame (spec section 2): sidebar, header, tags of visited pages, the page,
 * and a back-to-top button. Signing out (or a dead session) leaves it for /login.
 */
export default function AppShell() {
  const styles = useStyles();
  const { user } = useSnapshot(session);
  const { sidebarCollapsed } = useSnapshot(settings);
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const contentRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useVisitedTags();
  useEffect(() => {
    contentRef.current?.scrollTo({ top: 0 });
  }, [pathname]);

  if (!user) return <Navigate to={LOGIN_PATH} replace />;

  const toggleSidebar = () => (narrow ? setDrawerOpen((open) => !open) : setSidebarCollapsed(!sidebarCollapsed));
  return (
    <div className={styles.root}>
      <Sidebar
        user={user}
        mode={narrow ? 'overlay' : sidebarCollapsed ? 'rail' : 'full'}
        overlayOpen={drawerOpen}
        onOverlayOpenChange={setDrawerOpen}
      />
      <div className={styles.main}>
        <AppHeader user={user} sidebarExpanded={narrow ? drawerOpen : !sidebarCollapsed} onToggleSidebar={toggleSidebar} />
        <TagsBar />
        <main ref={contentRef} className={styles.content} data-testid="page-content">
          <Outlet />
        </main>
        <BackToTop scrollTarget={contentRef} />
      </div>
    </div>
  );
}
