import { useMemo, useState } from 'react';
import { Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../../api/client';
import { StatusCode, type DepartmentInfo } from '../../../api/contract';
import { DepartmentSelect } from '../../components/DepartmentSelect';
import { FormDialog } from '../../components/FormDialog';
import { deptPathName, subtreeIds, type DeptTree } from '../../state/departmentTree';

/**
 * Moves a department (with its sub-tree) under another one chosen in the tree. Its own
 * sub-tree cannot be chosen; choosing where it already is gets the server's "choose another
 * department" under the picker.
 */
export function MoveDepartmentDialog({
  tree,
  deptId,
  onSubmit,
  onClose,
}: {
  tree: DeptTree;
  deptId: number;
  onSubmit: (parentId: number) => Promise<ApiResult<DepartmentInfo>>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const node = tree.byId.get(deptId);
  const [target, setTarget] = useState<number | null>(node?.dept.affiliatedDept ?? null);
  const [fieldMessage, setFieldMessage] = useState<string | undefined>();
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ownBranch = useMemo(() => subtreeIds(tree, deptId), [tree, deptId]);

  const submit = async () => {
    if (target === null) {
      setFieldMessage(t('dept.chooseTarget'));
      return;
    }
    setBusy(true);
    const result = await onSubmit(target);
    setBusy(false);
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
      onSubmit={submit}
      onClose={onClose}
    >
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
