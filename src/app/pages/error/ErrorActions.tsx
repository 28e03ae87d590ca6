import { Button } from '@fluentui/react-components';
import { ArrowLeftRegular, HomeRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../paths';

/** Back to the dashboard, or one step back in history. */
export function ErrorActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Button appearance="primary" icon={<HomeRegular />} onClick={() => navigate(HOME_PATH)}>
        {t('error.goHome')}
      </Button>
      <Button icon={<ArrowLeftRegular />} onClick={() => navigate(-1)}>
        {t('error.goBack')}
      </Button>
    </>
  );
}
