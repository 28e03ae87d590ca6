/**
 * A dialog that names a new record or renames one (a department, a role): the name is
 * required and at most `max` characters, checked as it is typed and again by the server. The
 * server's refusal shows in place: under the name when it is about the name (code 2, or 29:
 * the name is taken), above the form otherwise. A rename based on an old version (31) offers
 * to reload the name (`reload`).
 */
import { useState, type ReactNode } from 'react';
import { Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../api/client';
import { StatusCode } from '../../api/contract';
import { useRecordChanged } from '../hooks/useRecordChanged';
import { FormDialog } from './FormDialog';
import { limitHint, limitMessage } from './textLimit';

export function NameDialog({
  title,
  testIdPrefix,
  label,
  placeholder,
  inputName,
  max,
  requiredText,
  refuse,
  initialName = '',
  onSubmit,
  reload,
  onClose,
  children,
}: {
  title: string;
  /** Test ids: `<prefix>-name-dialog`, `-name-input`, `-name-submit`. */
  testIdPrefix: string;
  label: string;
  placeholder: string;
  /** The input's form name. */
  inputName: string;
  /** Longest name the server accepts, in characters. */
  max: number;
  requiredText: string;
  /** The message for a name refused before the server is asked (e.g. another record's), or null. */
  refuse?: (name: string) => string | null;
  initialName?: string;
  onSubmit: (name: string) => Promise<ApiResult<unknown>>;
  /** Rename: loads the name again (data null: the record is gone). */
  reload?: () => Promise<ApiResult<string | null>>;
  onClose: () => void;
  /** Shown above the name (where a new record goes, a hint). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [fieldMessage, setFieldMessage] = useState<string | undefined>();
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = useRecordChanged(async () => {
    const result = reload ? await reload() : null;
    if (!result) return null;
    if (!result.ok) return result.message;
    if (result.data === null) return t('common.recordGone');
    setName(result.data);
    setFieldMessage(undefined);
    setFormMessage(null);
    return null;
  });
  /** What is wrong with the name as typed, before the server is asked. */
  const problemOf = (value: string) => (value === '' ? requiredText : limitMessage(t, value, max));

  const submit = async () => {
    const value = name.trim();
    const problem = problemOf(value) ?? refuse?.(value) ?? undefined;
    if (problem) return setFieldMessage(problem);
    setBusy(true);
    const result = await onSubmit(value);
    setBusy(false);
    if (changed.caught(result)) return;
    if (result.ok) return onClose();
    if (result.code === StatusCode.duplicate || result.code === StatusCode.parameter) setFieldMessage(result.message);
    else setFormMessage(result.message);
  };

  return (
    <FormDialog
      title={title}
      testId={`${testIdPrefix}-name-dialog`}
      submitTestId={`${testIdPrefix}-name-submit`}
      error={formMessage}
      busy={busy}
      canSubmit={!changed.stale}
      onSubmit={submit}
      onClose={onClose}
    >
      {changed.bar}
      {children}
      <Field label={label} required validationMessage={fieldMessage} hint={limitHint(t, name.trim(), max)}>
        <Input
          name={inputName}
          value={name}
          placeholder={placeholder}
          autoFocus
          onChange={(_, d) => {
            setName(d.value);
            setFieldMessage(problemOf(d.value.trim()) ?? undefined);
            setFormMessage(null);
          }}
          data-testid={`${testIdPrefix}-name-input`}
        />
      </Field>
    </FormDialog>
  );
}

/** A reloaded record's result as its name's (null: the record is gone), for `reload`. */
export function nameOfResult<T>(result: ApiResult<T | null>, nameOf: (record: T) => string): ApiResult<string | null> {
  return result.ok ? { ok: true, data: result.data === null ? null : nameOf(result.data) } : result;
}
