import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { ArrowSwapRegular, ChevronDownRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { BusinessType } from '../../../api/contract';
import { notify } from '../../notify';
import type { SessionUser } from '../../permissions';
import { allowedBusinessTypes, businessFormPath } from './businessForm';

/**
 * The asset list's "Transactions" menu: Receive / Borrow / Return / ... (only the types the
 * user's permissions allow), each opening the form with the selected assets. Absent when the
 * user may do none.
 */
export function BusinessActionMenu({ user, selected }: { user: SessionUser; selected: ReadonlySet<number> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const types = allowedBusinessTypes(user);
  if (types.length === 0) return null;
  const open = (type: BusinessType) => {
    if (selected.size === 0) notify('warning', t('asset.selectRequired'));
    else navigate(businessFormPath(type, [...selected]));
  };
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button icon={<ArrowSwapRegular />} iconPosition="before" title={t('business.actionsHint')} data-testid="asset-business-menu">
          {t('business.actions')}
          <ChevronDownRegular />
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {types.map((type) => (
            <MenuItem key={type} onClick={() => open(type)} data-testid={`asset-business-${type}`}>
              {t(`business.type.${type}`)}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
