import {
  Button,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  mergeClasses,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MenuNode } from '../menu';
import { Brand } from './Brand';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXS },
  brand: { height: '56px', display: 'flex', alignItems: 'center' },
  item: { width: '40px', height: '40px' },
  selected: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground1 },
});

/** The collapsed menu: icons with tooltips; a section opens its pages in a flyout. */
export function SidebarRail({ menu, pathname }: { menu: MenuNode[]; pathname: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    <div className={styles.root}>
      <div className={styles.brand}>
        <Brand compact />
      </div>
      {menu.map((node) => {
        if (node.kind === 'page') {
          const Icon = node.route.icon;
          const selected = pathname === node.route.path;
          return (
            <Tooltip key={node.route.path} content={t(node.route.titleKey)} relationship="label" positioning="after">
              <Button
                className={mergeClasses(styles.item, selected && styles.selected)}
                appearance="subtle"
                icon={Icon ? <Icon /> : undefined}
                aria-current={selected ? 'page' : undefined}
                onClick={() => navigate(node.route.path)}
                data-testid={`nav-${node.route.path}`}
              />
            </Tooltip>
          );
        }
        const Icon = node.group.icon;
        const selected = pathname.startsWith(`${node.group.path}/`);
        return (
          <Menu key={node.group.id} openOnHover positioning="after-top">
            <MenuTrigger disableButtonEnhancement>
              <Button
                className={mergeClasses(styles.item, selected && styles.selected)}
                appearance="subtle"
                icon={<Icon />}
                aria-label={t(node.group.titleKey)}
              />
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {node.pages.map((page) => (
                  <MenuItem key={page.path} onClick={() => navigate(page.path)}>
                    {t(page.titleKey)}
                  </MenuItem>
                ))}
              </MenuList>
            </MenuPopover>
          </Menu>
        );
      })}
    </div>
  );
}
