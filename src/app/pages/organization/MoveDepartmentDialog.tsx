import { useMemo, useState } from 'react';
import { Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../../api/client';
import { StatusCode, type DepartmentInfo } from '../../../api/contract';
import { DepartmentSelect } from '../../components/DepartmentSelect';
import { FormDialog } from '../../components/FormDialog';
import { useRecordChanged } from '../../hooks/useRecordChanged';
import { deptPathName, subtreeIds, type DeptTree } from '../../state/departmentTree';

/**
 * Moves a department (with its sub-tree) under another one chosen in the tree. Its own
 * sub-tree cannot be chosen; choosing where it already is gets the server's "choose another
 * department" under the picker. A move based on an old version (31) offers to reload the
 * department (`reload`), whose parent then shows as it is now.
 */
export function MoveDepartmentDialog({
  tree,
  deptId,
  onSubmit,
  reload,
  onClose,
}: {
  tree: DeptTree;
  deptId: number;
  onSubmit: (parentId: number) => Promise<ApiResult<DepartmentInfo>>;
  reload: () => Promise<ApiResult<DepartmentInfo | null>>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const node = tree.byId.get(deptId);
  const [target, setTarget] = useState<number | null>(node?.dept.affiliatedDept ?? null);
  const [fieldMessage, setFieldMessage] = useState<string | undefined>();
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ownBranch = useMemo(() => subtreeIds(tree, deptId), [tree, deptId]);
  const changed = useRecordChanged(async () => {
    const result = await reload();
    if (!result.ok) return result.message;
    if (!result.data) return t('common.recordGone');
    setTarget(result.data.affiliatedDept);
    setFieldMessage(undefined);
    setFormMessage(null);
    return null;
  });

  const submit = async () => {
    if (target === null) {
      setFieldMessage(t('dept.chooseTarget'));
      return;
    }
    setBusy(true);
    const result = await onSubmit(target);
    setBusy(false);
    if (changed.caught(result)) return;
    if (result.ok) onClose();
    else if (result.code === StatusCode.parameter) setFieldMessage(result.message);
    else setFormMessage(result.message);
  };

  return (
    <FormDialog
      title={t('dept.moveTitle')}
      testId="dept-move-dialog"
      submitTestId="dept-move-submit"
      error={formMessage}
      busy={busy}
      canSubmit={!changed.stale}
      onSubmit={submit}
      onClose={onClose}
    >
      {changed.bar}
      <Field label={t('dept.moving')}>
        <Input value={deptPathName(tree, deptId)} readOnly appearance="filled-darker" />
      </Field>
      <Field label={t('dept.moveTarget')} required validationMessage={fieldMessage} hint={t('dept.moveHint')}>
        <DepartmentSelect
          tree={tree}
          value={target}
          showPath
          disabledIds={ownBranch}
          onChange={(id) => {
            setTarget(id);
            setFieldMessage(undefined);
            setFormMessage(null);
          }}
          data-testid="dept-move-target"
        />
      </Field>
    </FormDialog>
  );
}
