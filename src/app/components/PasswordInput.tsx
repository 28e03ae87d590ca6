import { useState } from 'react';
import { Button, Input, Tooltip, type InputProps } from '@fluentui/react-components';
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

/** A password input with a show/hide button. */
export function PasswordInput(props: Omit<InputProps, 'type' | 'contentAfter'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const label = visible ? t('components.hidePassword') : t('components.showPassword');
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      contentAfter={
        <Tooltip content={label} relationship="label">
          <Button
            appearance="transparent"
            size="small"
            icon={visible ? <EyeOffRegular /> : <EyeRegular />}
            onClick={() => setVisible((v) => !v)}
            tabIndex={-1}
          />
        </Tooltip>
      }
    />
  );
}
