import { useState } from 'react';
import {
  Avatar,
  Button,
  makeStyles,
  Menu,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  tokens,
} from '@fluentui/react-components';
import { BuildingRegular, ChevronDownRegular, KeyResetRegular, SignOutRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { avatarInitials } from '../components/initials';
import { useNavigate } from 'react-router';
import { signOut } from '../auth';
import { LOGIN_PATH } from '../paths';
import { can, type SessionUser } from '../permissions';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { RenameCompanyDialog } from './RenameCompanyDialog';

const useStyles = makeStyles({
  trigger: { maxWidth: '320px', paddingInline: tokens.spacingHorizontalS, gap: tokens.spacingHorizontalS },
  name: {
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    '@media (max-width: 600px)': { display: 'none' },
  },
});

/** "Company (Staff)" for non-admins, "Company" for admins (spec section 2). */
export function accountLabel(user: SessionUser): string {
  return !user.IsAdmin && user.StaffName ? `${user.CompanyName} (${user.StaffName})` : user.CompanyName;
}

/** The company name in the header with its hover menu: change password, rename, log out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'password' | 'company' | null>(null);
  const label = accountLabel(user);

  const logout = async () => {
    await signOut();
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <>
      <Menu openOnHover hoverDelay={100} positioning="below-end">
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" className={styles.trigger} aria-label={t('shell.accountMenu')} data-testid="user-menu">
            <Avatar name={user.CompanyName} initials={avatarInitials(user.CompanyName)} color="colorful" size={28} />
            <Text className={styles.name} weight="semibold" data-testid="account-label">
              {label}
            </Text>
            <ChevronDownRegular />
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {can.changePassword(user) && (
              <MenuItem icon={<KeyResetRegular />} onClick={() => setDialog('password')} data-testid="menu-change-password">
                {t('shell.changePassword')}
              </MenuItem>
            )}
            {can.renameCompany(user) && (
              <MenuItem icon={<BuildingRegular />} onClick={() => setDialog('company')} data-testid="menu-rename-company">
                {t('shell.renameCompany')}
              </MenuItem>
            )}
            {(can.changePassword(user) || can.renameCompany(user)) && <MenuDivider />}
            <MenuItem icon={<SignOutRegular />} onClick={logout} data-testid="menu-logout">
              {t('shell.logout')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      {dialog === 'password' && <ChangePasswordDialog user={user} onClose={() => setDialog(null)} />}
      {dialog === 'company' && <RenameCompanyDialog user={user} onClose={() => setDialog(null)} />}
    </>
  );
}
