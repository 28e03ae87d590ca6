import { Button } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ErrorState } from './ErrorState';

/**
 * When a route throws (a page crashed, or its code chunk is gone after a redeploy): say so
 * and offer a reload instead of a blank screen. Details go to the console only.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <ErrorState
      icon={<ErrorCircleRegular />}
      title={t('error.crashTitle')}
      text={t('error.crashText')}
      actions={
        <Button appearance="primary" icon={<ArrowClockwiseRegular />} onClick={() => window.location.reload()}>
          {t('error.reload')}
        </Button>
      }
    />
  );
}
