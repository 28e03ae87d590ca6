import { useTranslation } from 'react-i18next';
import { ErrorActions } from './ErrorActions';
import { ErrorState } from './ErrorState';

/** /404 and /error/404: no such page. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorState code="404" title={t('error.notFoundTitle')} text={t('error.notFoundText')} actions={<ErrorActions />} />;
}
