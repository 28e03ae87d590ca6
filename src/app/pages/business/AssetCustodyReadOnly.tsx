import { Field, Input, Link, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import type { AssetInfo } from '../../../api/contract';
import { session } from '../../state/session';
import { businessFormPath, canStartBusiness } from './businessForm';

/**
 * Department, user and place of a registered asset, read-only: they change only through
 * transactions (the server refuses a plain edit that changes them), so the form says so and
 * links to the alter form when the user may alter (104).
 */
export function AssetCustodyReadOnly({ asset }: { asset: AssetInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSnapshot(session);
  const canAlter = !!user && canStartBusiness(user, 'Alter');
  const shown = (label: string, name: string, value: string | null) => (
    <Field label={label}>
      <Input name={name} value={value ?? ''} readOnly data-testid={`asset-custody-${name}`} />
    </Field>
  );
  return (
    <>
      {shown(t('asset.field.affiliatedDept'), 'affiliatedDept', asset.deptName)}
      {shown(t('asset.field.affiliatedStaff'), 'affiliatedStaff', asset.staffName)}
      {shown(t('asset.field.depositSite'), 'depositSite', asset.depositSite)}
      <MessageBar intent="info" data-testid="asset-custody-hint" style={{ gridColumn: '1 / -1' }}>
        <MessageBarBody>
          {t('business.custodyHint')}{' '}
          {canAlter && (
            <Link
              href={businessFormPath('Alter', [asset.id])}
              onClick={(e) => {
                e.preventDefault();
                navigate(businessFormPath('Alter', [asset.id]));
              }}
              data-testid="asset-custody-alter"
            >
              {t('business.alterLink')}
            </Link>
          )}
        </MessageBarBody>
      </MessageBar>
    </>
  );
}
