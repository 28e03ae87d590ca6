import { makeStyles, Tab, TabList } from '@fluentui/react-components';
import { MailRegular, PhoneRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { AccountKind } from '../../validation';

const useStyles = makeStyles({ root: { marginInline: '-10px' } });

/** Register or reset by phone number or by email. */
export function AccountKindTabs({ value, onChange }: { value: AccountKind; onChange: (kind: AccountKind) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <TabList className={styles.root} selectedValue={value} onTabSelect={(_, d) => onChange(d.value as AccountKind)}>
      <Tab value="phone" icon={<PhoneRegular />} data-testid="tab-phone">
        {t('auth.byPhone')}
      </Tab>
      <Tab value="email" icon={<MailRegular />} data-testid="tab-email">
        {t('auth.byEmail')}
      </Tab>
    </TabList>
  );
}
