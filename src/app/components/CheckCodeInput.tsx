import { useState } from 'react';
import { Button, Input, makeStyles, tokens, type InputProps } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../hooks/useCountdown';
import { CHECK_CODE_LENGTH } from '../validation';

const useStyles = makeStyles({
  // minWidth 0: as a grid item of Field, the row may shrink below its content's width.
  row: { display: 'flex', gap: tokens.spacingHorizontalS, width: '100%', minWidth: 0 },
  input: { flexGrow: 1, flexShrink: 1, flexBasis: 0, minWidth: 0 },
  button: { flexShrink: 0, minWidth: '128px' },
});

export interface CheckCodeInputProps extends Omit<InputProps, 'onChange' | 'value'> {
  value: string;
  onValueChange: (value: string) => void;
  /**
   * Requests a code; resolves to the seconds before another may be requested, or null when
   * the request failed (the form shows why).
   */
  onSend: () => Promise<number | null>;
}

/** The 6-digit verification code with its "send code" button and resend countdown. */
export function CheckCodeInput({ value, onValueChange, onSend, ...inputProps }: CheckCodeInputProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      const wait = await onSend();
      if (wait !== null) start(wait);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={styles.row}>
      <Input
        {...inputProps}
        className={styles.input}
        value={value}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CHECK_CODE_LENGTH}
        onChange={(_, d) => onValueChange(d.value.replace(/\D/g, ''))}
      />
      <Button className={styles.button} disabled={sending || remaining > 0} onClick={send} data-testid="send-code">
        {sending ? t('auth.sendingCode') : remaining > 0 ? t('auth.resendIn', { seconds: remaining }) : t('auth.sendCode')}
      </Button>
    </div>
  );
}
