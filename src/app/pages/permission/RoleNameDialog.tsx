import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../../api/client';
import type { RoleInfo } from '../../../api/contract';
import { NameDialog, nameOfResult } from '../../components/NameDialog';

/** Longest role name the server accepts (server/modules/roles). */
export const ROLE_NAME_MAX = 50;

/**
 * Names a new role or renames one (spec section 5): not empty, not another role's name
 * (any case) — checked here against the roles shown, and again by the server. A rename based
 * on an old version (31) offers to reload the role (`reload`).
 */
export function RoleNameDialog({
  mode,
  initialName = '',
  takenNames,
  onSubmit,
  reload,
  onClose,
}: {
  mode: 'create' | 'rename';
  initialName?: string;
  /** Names of the other roles. */
  takenNames: readonly string[];
  onSubmit: (name: string) => Promise<ApiResult<RoleInfo>>;
  /** Rename: loads the role again (null: it is gone). */
  reload?: () => Promise<ApiResult<RoleInfo | null>>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const taken = new Set(takenNames.map((n) => n.trim().toLocaleLowerCase()));
  return (
    <NameDialog
      title={mode === 'create' ? t('role.createTitle') : t('role.renameTitle')}
      testIdPrefix="role"
      label={t('role.name')}
      placeholder={t('role.namePlaceholder')}
      inputName="roleName"
      max={ROLE_NAME_MAX}
      requiredText={t('role.nameRequired')}
      refuse={(name) => (taken.has(name.toLocaleLowerCase()) ? t('role.duplicate') : null)}
      initialName={initialName}
      onSubmit={onSubmit}
      reload={reload && (async () => nameOfResult(await reload(), (role) => role.roleName))}
      onClose={onClose}
    />
  );
}

