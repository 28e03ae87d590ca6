import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { FormNotice } from './useAccountCodeForm';

export function FormNoticeBar({ notice }: { notice: FormNotice | null }) {
  const { t } = useTranslation();
  if (!notice) return null;
  return notice.kind === 'codeSent' ? (
    <MessageBar intent="success" data-testid="code-sent">
      <MessageBarBody>{t('auth.codeSent', { target: notice.target })}</MessageBarBody>
    </MessageBar>
  ) : (
    <MessageBar intent="error" data-testid="form-error">
      <MessageBarBody>{notice.text}</MessageBarBody>
    </MessageBar>
  );
}
