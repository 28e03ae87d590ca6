import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { dashboardApi } from '../../api';
import { assetState } from '../../state/assets';
import { session } from '../../state/session';
import { settings } from '../../state/settings';
import { DashboardCharts } from './DashboardCharts';
import { DashboardFigures } from './DashboardFigures';
import { DashboardPermissions, DashboardWelcome } from './DashboardWelcome';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/**
 * The home page (spec section 1): a welcome card, the four figures (total assets, total
 * asset value, expired assets, inventory orders pending), the usage-status chart and the
 * total-value chart, all over the assets within the caller's scope (the server scopes
 * them), then the user's permissions. The figures are fetched on every visit and again
 * whenever the asset cache records a change (a save, a delete, an import).
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { user } = useSnapshot(session);
  const { language } = useSnapshot(settings);
  const { assetRevision } = useSnapshot(assetState);
  const { data, error, mutate } = useSWR(
    user ? (['dashboard', user.loginID, assetRevision] as const) : null,
    async () => {
      const result = await dashboardApi.figures();
      if (!result.ok) throw new Error(result.message);
      return result.data;
    },
    { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false },
  );
  if (!user) return null;

  return (
    <div className={styles.root}>
      <DashboardWelcome />
      {error && (
        <MessageBar intent="error" data-testid="dashboard-error">
          <MessageBarBody>{(error as Error).message}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void mutate()}>{t('common.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <DashboardFigures info={data} locale={language} />
      {data && <DashboardCharts info={data} locale={language} />}
      <DashboardPermissions />
    </div>
  );
}
