import { useMemo, useState, type FormEvent } from 'react';
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
  makeStyles,
  MessageBar,
  MessageBarBody,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../../api/client';
import { StatusCode, type DepartmentInfo } from '../../../api/contract';
import { DepartmentSelect } from '../../components/DepartmentSelect';
import { deptPathName, subtreeIds, type DeptTree } from '../../state/departmentTree';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

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
  const styles = useStyles();
  const node = tree.byId.get(deptId);
  const [target, setTarget] = useState<number | null>(node?.dept.affiliatedDept ?? null);
  const [fieldMessage, setFieldMessage] = useState<string | undefined>();
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ownBranch = useMemo(() => subtreeIds(tree, deptId), [tree, deptId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
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
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby={undefined} data-testid="dept-move-dialog">
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{t('dept.moveTitle')}</DialogTitle>
            <DialogContent className={styles.form}>
              {formMessage && (
                <MessageBar intent="error" data-testid="dialog-error">
                  <MessageBarBody>{formMessage}</MessageBarBody>
                </MessageBar>
              )}
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
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={busy} data-testid="dept-move-submit">
                {busy ? t('common.saving') : t('common.ok')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
