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
} from '@fluentui/react-components';
import { DismissRegular, PinRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  tag: {
    flexShrink: 0,
    display: 'inline-flex',
    alignItems: 'center',
    height: '28px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
  },
  active: {
    backgroundColor: tokens.colorBrandBackground,
    border: `1px solid ${tokens.colorBrandBackground}`,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover, color: tokens.colorNeutralForegroundOnBrand },
  },
  label: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    height: '100%',
    paddingInline: tokens.spacingHorizontalS,
    border: 'none',
    background: 'none',
    color: 'inherit',
    font: 'inherit',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    borderRadius: tokens.borderRadiusMedium,
  },
  withClose: { paddingInlineEnd: 0 },
  pin: { fontSize: '12px', opacity: 0.7 },
  close: { color: 'inherit', minWidth: '20px', width: '20px', height: '20px', marginInlineEnd: '4px' },
});

export interface PageTagProps {
  label: string;
  path: string;
  active: boolean;
  closable: boolean;
  onOpen: () => void;
  onClose: () => void;
  onCloseOthers: () => void;
  onCloseAll: () => void;
}

/** One visited page: click to show it, × to close it, right-click for more. */
export function PageTag({ label, path, active, closable, onOpen, onClose, onCloseOthers, onCloseAll }: PageTagProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Menu openOnContext>
      <MenuTrigger disableButtonEnhancement>
        <div
          className={mergeClasses(styles.tag, active && styles.active)}
          data-testid={`tag-${path}`}
          data-active={active || undefined}
          onAuxClick={(e) => e.button === 1 && closable && onClose()}
        >
          <button
            type="button"
            className={mergeClasses(styles.label, closable && styles.withClose)}
            aria-current={active ? 'page' : undefined}
            onClick={onOpen}
          >
            {!closable && <PinRegular className={styles.pin} />}
            {label}
          </button>
          {closable && (
            <Button
              className={styles.close}
              appearance="transparent"
              size="small"
              icon={<DismissRegular />}
              aria-label={`${t('shell.closeTag')} ${label}`}
              onClick={onClose}
              data-testid={`tag-close-${path}`}
            />
          )}
        </div>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem disabled={!closable} onClick={onClose} data-testid="tag-menu-close">
            {t('shell.closeTag')}
          </MenuItem>
          <MenuItem onClick={onCloseOthers} data-testid="tag-menu-close-others">
            {t('shell.closeOthers')}
          </MenuItem>
          <MenuItem onClick={onCloseAll} data-testid="tag-menu-close-all">
            {t('shell.closeAll')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
