import { useState } from 'react';
import { Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { userApi } from '../api';
import { refreshSession } from '../auth';
import { FormDialog } from '../components/FormDialog';
import { notify } from '../notify';
import type { SessionUser } from '../permissions';

/** Rename the company (admins and the demo account; spec section 2). */
export function RenameCompanyDialog({ user, onClose }: { user: SessionUser; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(user.CompanyName);
  const [message, setMessage] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const companyName = name.trim();
    if (companyName === '') {
      setMessage(t('renameCompany.required'));
      return;
    }
    setBusy(true);
    const result = await userApi.renameCompany(user.Id, companyName);
    setBusy(false);
    if (!result.ok) {
      setMessage(result.message);
      return;
    }
    refreshSession({ ...result.data, loginID: result.data.loginID || user.loginID });
    notify('success', t('renameCompany.success'));
    onClose();
  };

  return (
    <FormDialog
      title={t('renameCompany.title')}
      testId="rename-company-dialog"
      submitTestId="rename-company-submit"
      // The one field carries every message, the server's too: there is nothing else to blame.
      error={null}
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Field label={t('renameCompany.label')} required validationMessage={message}>
        <Input
          name="companyName"
          value={name}
          maxLength={100}
          onChange={(_, d) => {
            setName(d.value);
            setMessage(d.value.trim() === '' ? t('renameCompany.required') : undefined);
          }}
          data-testid="company-name"
        />
      </Field>
    </FormDialog>
  );
}
