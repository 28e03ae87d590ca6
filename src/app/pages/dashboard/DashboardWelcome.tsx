import {
  Avatar,
  Badge,
  Card,
  CardHeader,
  makeStyles,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarInitials } from '../../components/initials';
import { useSnapshot } from 'valtio';
import { ALL_PERMISSIONS } from '../../../api/contract';
import type { MessageKey } from '../../i18n/types';
import { session } from '../../state/session';
import { settings } from '../../state/settings';

const useStyles = makeStyles({
  welcome: {
    padding: tokens.spacingHorizontalXXL,
    backgroundImage: `linear-gradient(120deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground1} 70%)`,
  },
  welcomeHeader: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  welcomeText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0, flexGrow: 1 },
  heading: { margin: 0 },
  badges: { display: 'flex', gap: tokens.spacingHorizontalS },
  subtle: { color: tokens.colorNeutralForeground3 },
  details: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))',
    gap: tokens.spacingHorizontalL,
    margin: 0,
    marginTop: tokens.spacingVerticalXL,
  },
  detail: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  detailTerm: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  detailValue: { margin: 0, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  permissions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

const SCOPE_KEYS: Record<string, MessageKey> = {
  All: 'dashboard.scopeAll',
  Dept: 'dashboard.scopeDept',
  Custom: 'dashboard.scopeCustom',
};

/** An e-mail address too long for its box wraps after the @, not inside a name (<wbr>, so a
 * copied address has no extra character). */
function withBreakAfterAt(value: string): ReactNode {
  const at = value.indexOf('@');
  if (at < 0) return value;
  return (
    <>
      {value.slice(0, at + 1)}
      <wbr />
      {value.slice(at + 1)}
    </>
  );
}

/** The dashboard's welcome card: the company, the account, its scope and session. */
export function DashboardWelcome() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { user } = useSnapshot(session);
  const { language } = useSnapshot(settings);
  if (!user) return null;

  const name = user.IsAdmin || !user.StaffName ? user.CompanyName : user.StaffName;
  const expires = new Date(user.expiresAt);
  const details: Array<[string, string]> = [
    [t('dashboard.company'), user.CompanyName],
    [t('dashboard.account'), user.Email ?? user.PhoneNumber ?? '—'],
    [t('dashboard.role'), user.IsAdmin ? t('dashboard.roleAdmin') : user.StaffName ? `${t('dashboard.roleStaff')} · ${user.StaffName}` : t('dashboard.roleStaff')],
    [t('dashboard.scope'), t(SCOPE_KEYS[user.authorizationType] ?? 'dashboard.scopeAll')],
    [
      t('dashboard.sessionExpires'),
      Number.isNaN(expires.getTime()) ? '—' : expires.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' }),
    ],
  ];

  return (
    <Card className={styles.welcome} data-testid="welcome-card">
      <div className={styles.welcomeHeader}>
        <Avatar name={user.CompanyName} initials={avatarInitials(user.CompanyName)} color="colorful" size={56} />
        <div className={styles.welcomeText}>
          <Title3 as="h2" className={styles.heading} data-testid="welcome-title">
            {t('dashboard.welcome', { name })}
          </Title3>
          <Text className={styles.subtle}>{t('dashboard.welcomeSubtitle')}</Text>
        </div>
        <div className={styles.badges}>
          {user.IsDemo && (
            <Badge appearance="tint" color="warning">
              {t('dashboard.demoBadge')}
            </Badge>
          )}
          {user.IsVip && (
            <Badge appearance="tint" color="brand">
              {t('dashboard.vipBadge')}
            </Badge>
          )}
        </div>
      </div>
      <dl className={styles.details}>
        {details.map(([term, value]) => (
          <div key={term} className={styles.detail}>
            <dt className={styles.detailTerm}>{term}</dt>
            <dd className={styles.detailValue}>{withBreakAfterAt(value)}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** What the signed-in user may do, as badges. */
export function DashboardPermissions() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { user } = useSnapshot(session);
  if (!user) return null;
  const held = user.IsAdmin ? ALL_PERMISSIONS : ALL_PERMISSIONS.filter((code) => user.permissions.includes(code));

  return (
    <Card>
      <CardHeader
        header={<Text weight="semibold">{t('dashboard.permissionsTitle')}</Text>}
        description={
          <Text size={200} className={styles.subtle}>
            {user.IsAdmin ? t('dashboard.allPermissions') : held.length === 0 ? t('dashboard.noPermissions') : ''}
          </Text>
        }
      />
      {held.length > 0 && (
        <div className={styles.permissions}>
          {held.map((code) => (
            <Badge key={code} appearance="outline" shape="rounded" size="large">
              {t(`permission.${code as 101}`)}
            </Badge>
          ))}
        </div>
      )}
    </Card>
  );
}
