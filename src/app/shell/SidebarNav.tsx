import {
  makeStyles,
  NavCategory,
  NavCategoryItem,
  NavDrawer,
  NavDrawerBody,
  NavDrawerHeader,
  NavItem,
  NavSubItem,
  NavSubItemGroup,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MenuNode } from '../menu';
import { Brand } from './Brand';

const useStyles = makeStyles({
  drawer: { width: '100%', height: '100%', backgroundColor: tokens.colorNeutralBackground1 },
  overlay: { width: '260px' },
  header: { height: '56px', justifyContent: 'center', paddingInline: tokens.spacingHorizontalL },
});

/** The expanded menu (Fluent NavDrawer): pages, and sections with their pages. */
export function SidebarNav({
  menu,
  pathname,
  type,
  open,
  onOpenChange,
}: {
  menu: MenuNode[];
  pathname: string;
  type: 'inline' | 'overlay';
  open: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const openGroups = menu.flatMap((n) => (n.kind === 'group' && pathname.startsWith(`${n.group.path}/`) ? [n.group.id] : []));

  return (
    <NavDrawer
      className={type === 'overlay' ? styles.overlay : styles.drawer}
      type={type}
      open={open}
      // The inline pane is part of the page: no slide-in on every mount or toggle.
      surfaceMotion={type === 'inline' ? null : undefined}
      onOpenChange={(_, d) => onOpenChange?.(d.open)}
      selectedValue={pathname}
      defaultOpenCategories={openGroups}
      onNavItemSelect={(_, d) => {
        navigate(String(d.value));
        onOpenChange?.(false);
      }}
      aria-label={t('shell.navigation')}
    >
      <NavDrawerHeader className={styles.header}>
        <Brand />
      </NavDrawerHeader>
      <NavDrawerBody>
        {menu.map((node) => {
          if (node.kind === 'page') {
            const Icon = node.route.icon;
            return (
              <NavItem key={node.route.path} value={node.route.path} icon={Icon ? <Icon /> : undefined} data-testid={`nav-${node.route.path}`}>
                {t(node.route.titleKey)}
              </NavItem>
            );
          }
          const Icon = node.group.icon;
          return (
            <NavCategory key={node.group.id} value={node.group.id}>
              <NavCategoryItem icon={<Icon />}>{t(node.group.titleKey)}</NavCategoryItem>
              <NavSubItemGroup>
                {node.pages.map((page) => (
                  <NavSubItem key={page.path} value={page.path} data-testid={`nav-${page.path}`}>
                    {t(page.titleKey)}
                  </NavSubItem>
                ))}
              </NavSubItemGroup>
            </NavCategory>
          );
        })}
      </NavDrawerBody>
    </NavDrawer>
  );
}
