import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { userApi } from '../api';
import { refreshSession } from '../auth';
import { notify } from '../notify';
import type { SessionUser } from '../permissions';

/** Rename the company (admins and the demo account; spec section 2). */
export function RenameCompanyDialog({ user, onClose }: { user: SessionUser; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(user.CompanyName);
  const [message, setMessage] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
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
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{t('renameCompany.title')}</DialogTitle>
            <DialogContent>
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
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={busy} data-testid="rename-company-submit">
                {busy ? t('common.saving') : t('common.ok')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
