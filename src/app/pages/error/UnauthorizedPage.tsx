import { useTranslation } from 'react-i18next';
import { ErrorActions } from './ErrorActions';
import { ErrorState } from './ErrorState';

/** /error/401: the user may not open the page they asked for. */
export default function UnauthorizedPage() {
  const { t } = useTranslation();
  return <ErrorState code="401" title={t('error.unauthorizedTitle')} text={t('error.unauthorizedText')} actions={<ErrorActions />} />;
}
