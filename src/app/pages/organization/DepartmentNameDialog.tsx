import { Field, Input, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../../api/client';
import type { DepartmentInfo } from '../../../api/contract';
import { NameDialog, nameOfResult } from '../../components/NameDialog';

/** Longest department name the server accepts (server/modules/departments). */
export const DEPT_NAME_MAX = 50;

/**
 * Names a new department or renames one (the server refuses a sibling's name: 29, shown under
 * the name). A rename based on an old version (31) offers to reload the department (`reload`).
 */
export function DepartmentNameDialog({
  mode,
  parentName,
  initialName = '',
  hint,
  onSubmit,
  reload,
  onClose,
}: {
  mode: 'create' | 'rename';
  /** Shown for a new department: where it goes. */
  parentName?: string;
  initialName?: string;
  hint?: string;
  onSubmit: (name: string) => Promise<ApiResult<DepartmentInfo>>;
  /** Rename: loads the department again (null: it is gone). */
  reload?: () => Promise<ApiResult<DepartmentInfo | null>>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <NameDialog
      title={mode === 'create' ? t('dept.createTitle') : t('dept.renameTitle')}
      testIdPrefix="dept"
      label={t('dept.name')}
      placeholder={t('dept.namePlaceholder')}
      inputName="deptName"
      max={DEPT_NAME_MAX}
      requiredText={t('dept.nameRequired')}
      initialName={initialName}
      onSubmit={onSubmit}
      reload={reload && (async () => nameOfResult(await reload(), (dept) => dept.deptName))}
      onClose={onClose}
    >
      {hint && (
        <MessageBar intent="info">
          <MessageBarBody>{hint}</MessageBarBody>
        </MessageBar>
      )}
      {parentName !== undefined && (
        <Field label={t('dept.parent')}>
          <Input value={parentName} readOnly appearance="filled-darker" />
        </Field>
      )}
    </NameDialog>
  );
}
