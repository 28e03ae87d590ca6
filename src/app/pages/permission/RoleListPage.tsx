import { messageLanguage } from '../../i18n/types';
import { useEffect, useMemo, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, RenameRegular, ShieldKeyholeRegular, ArrowUndoRegular, SaveRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot, type Snapshot } from 'valtio';
import type { RoleInfo } from '../../../api/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListFrame } from '../../components/ListFrame';
import { usePermissionCatalogue, useRoles } from '../../hooks/useOrgData';
import { isRecordChanged, useRecordChanged } from '../../hooks/useRecordChanged';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import type { MessageKey } from '../../i18n/types';
import { notify } from '../../notify';
import { org } from '../../state/org';
import { session } from '../../state/session';
import { settings } from '../../state/settings';
import { groupState, permissionSections, samePermissions, toggleGroup, type PermissionSection } from './permissionGroups';
import { RoleNameDialog } from './RoleNameDialog';

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateColumns: '300px minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 899px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  heading: { margin: 0, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, margin: 0, padding: 0, listStyle: 'none' },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    width: '100%',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    cursor: 'pointer',
    textAlign: 'start',
    color: tokens.colorNeutralForeground1,
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  itemSelected: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
  },
  itemIcon: { fontSize: '20px', flexShrink: 0 },
  itemText: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  itemName: { fontWeight: tokens.fontWeightSemibold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  sections: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  section: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  sectionHeader: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  entries: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalS,
  },
  footer: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap' },
  footerNote: { marginRight: 'auto', color: tokens.colorNeutralForeground3 },
  empty: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalM, padding: tokens.spacingVerticalXXXL },
  emptyIcon: { fontSize: '40px', color: tokens.colorNeutralForeground3 },
});

const GROUP_KEYS: Record<string, MessageKey> = { asset: 'role.groupAsset', inventory: 'role.groupInventory', system: 'role.groupSystem' };

/** A role as the cache hands it out (read-only). */
type Role = Snapshot<RoleInfo>;

/** Why the role area is closed (the paid model, company without VIP) and what to do about it. */
function RolesNeedVip() {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Card className={styles.card}>
      <MessageBar intent="info" layout="multiline" data-testid="roles-need-vip">
        <MessageBarBody>
          <MessageBarTitle>{t('role.vipTitle')}</MessageBarTitle>
          <Text as="p">{t('role.vipWhy')}</Text>
          <Text as="p">{t('role.vipWhatToDo')}</Text>
        </MessageBarBody>
      </MessageBar>
    </Card>
  );
}

type DialogState = { kind: 'create' } | { kind: 'rename'; role: Role } | { kind: 'delete'; role: Role } | null;

/**
 * /permission/role-list (admins of a VIP company): roles with create, rename and delete, and
 * the permission matrix of the chosen role, grouped asset / inventory / system. An admin of a
 * company without VIP (only under the paid model) is told why roles are closed and what to do.
 */
export default function RoleListPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { language } = useSnapshot(settings);
  const { user } = useSnapshot(session);
  const { roles, error, retry } = useRoles();
  const { permissions: catalogue } = usePermissionCatalogue();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<DialogState>(null);
  const sections = useMemo(() => permissionSections(catalogue, messageLanguage(language)), [catalogue, language]);

  const sorted = useMemo(() => [...(roles ?? [])].sort((a, b) => a.roleName.localeCompare(b.roleName, language)), [roles, language]);
  const selected = sorted.find((r) => r.id === selectedId);
  useEffect(() => {
    if (roles && !selected && sorted.length > 0) setSelectedId(sorted[0].id);
  }, [roles, selected, sorted]);

  if (user && !user.IsVip) return <RolesNeedVip />;

  if (!roles) return <ListFrame title={t('role.title')} loading={!error} error={error} onRetry={retry} empty={null} />;

  const otherNames = (except?: number) => roles.filter((r) => r.id !== except).map((r) => r.roleName);

  return (
    <div className={styles.root}>
      <ListFrame
        title={t('role.title')}
        actions={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setDialog({ kind: 'create' })} data-testid="role-create">
            {t('role.create')}
          </Button>
        }
        loading={false}
        error={null}
        empty={sorted.length === 0 ? { text: t('role.empty') } : null}
        body="grid"
      >
        {sorted.length > 0 && (
          <ul className={styles.list} aria-label={t('role.title')} data-testid="role-list">
            {sorted.map((role) => (
              <li key={role.id}>
                <button
                  type="button"
                  className={mergeClasses(styles.item, role.id === selectedId && styles.itemSelected)}
                  aria-current={role.id === selectedId ? 'true' : undefined}
                  onClick={() => setSelectedId(role.id)}
                  data-testid="role-item"
                  data-name={role.roleName}
                >
                  <ShieldKeyholeRegular className={styles.itemIcon} />
                  <span className={styles.itemText}>
                    <span className={styles.itemName}>{role.roleName}</span>
                    <Text size={200} className={styles.muted}>
                      {t('role.summary', {
                        permissions: t('role.permissionCount', { count: role.permissions.length }),
                        users: t('role.userCount', { count: role.userCount }),
                      })}
                    </Text>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </ListFrame>

      {selected ? (
        <RoleEditor
          key={selected.id}
          role={selected}
          sections={sections}
          onRename={() => setDialog({ kind: 'rename', role: selected })}
          onDelete={() => setDialog({ kind: 'delete', role: selected })}
        />
      ) : (
        <Card className={styles.card}>
          <div className={styles.empty}>
            <ShieldKeyholeRegular className={styles.emptyIcon} />
            <Text className={styles.muted}>{t('role.emptyHint')}</Text>
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setDialog({ kind: 'create' })}>
              {t('role.create')}
            </Button>
          </div>
        </Card>
      )}

      {dialog?.kind === 'create' && (
        <RoleNameDialog
          mode="create"
          takenNames={otherNames()}
          onSubmit={async (roleName) => {
            const result = await org.saveRole({ roleName, permissions: [] });
            if (result.ok) {
              setSelectedId(result.data.id);
              notify('success', t('role.created'));
            }
            return result;
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'rename' && (
        <RoleNameDialog
          mode="rename"
          initialName={dialog.role.roleName}
          takenNames={otherNames(dialog.role.id)}
          onSubmit={async (roleName) => {
            const { id, version, permissions } = dialog.role;
            const result = await org.saveRole({ id, version, roleName, permissions: [...permissions] });
            if (result.ok) notify('success', t('role.renamed'));
            return result;
          }}
          reload={async () => {
            const result = await org.reloadRole(dialog.role.id);
            if (result.ok && result.data) setDialog({ kind: 'rename', role: result.data });
            return result;
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('role.deleteTitle')}
          message={t('role.deleteConfirm', { name: dialog.role.roleName })}
          onConfirm={async () => {
            const result = await org.deleteRole(dialog.role.id, dialog.role.version);
            // Changed by someone else: the list shows the role as it is now.
            if (isRecordChanged(result)) void org.reloadRole(dialog.role.id);
            if (!result.ok) return result.message;
            setSelectedId(null);
            notify('success', t('role.deleted'));
            return null;
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

/**
 * One role: its name, the permission matrix (a draft until saved), rename and delete. The
 * matrix is saved with the name, based on the role's version as the editor loaded it; a role
 * changed meanwhile offers to reload it.
 */
function RoleEditor({
  role,
  sections,
  onRename,
  onDelete,
}: {
  role: Role;
  sections: PermissionSection[];
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  // The role as the editor loaded (or last saved or reloaded) it: the draft's base.
  const [base, setBase] = useState<Role>(role);
  const [draft, setDraft] = useState<number[]>(() => [...role.permissions]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const held = new Set(draft);
  const changed = !samePermissions(draft, base.permissions);
  useUnsavedChanges(changed, t('common.leaveConfirm'));
  const stale = useRecordChanged(async () => {
    const result = await org.reloadRole(base.id);
    if (!result.ok) return result.message;
    if (!result.data) return t('common.recordGone');
    setBase(result.data);
    setDraft([...result.data.permissions]);
    setFailure(null);
    return null;
  });
  // A newer version of the role with the same permissions (a rename, in its own dialog) is
  // the draft's base too: the draft was made on those very permissions, so saving it on the
  // newer version loses nothing. A newer permission set is left to the version check.
  useEffect(() => {
    if (role.version > base.version && samePermissions(role.permissions, base.permissions)) setBase(role);
  }, [role, base]);

  const toggle = (code: number, on: boolean) => {
    setFailure(null);
    setDraft((d) => (on ? [...new Set([...d, code])] : d.filter((c) => c !== code)).sort((a, b) => a - b));
  };

  const save = async () => {
    setBusy(true);
    setFailure(null);
    const result = await org.saveRole({ id: base.id, version: base.version, roleName: base.roleName, permissions: draft });
    setBusy(false);
    if (stale.caught(result)) return;
    if (result.ok) {
      setBase(result.data);
      notify('success', t('role.saved'));
    } else setFailure(result.message);
  };

  return (
    <Card className={styles.card} data-testid="role-editor" data-name={role.roleName}>
      <div className={styles.header}>
        <Title3 as="h2" className={styles.heading} data-testid="role-editor-name">
          {role.roleName}
        </Title3>
        <Badge appearance="tint" color="informative">
          {t('role.users', { count: role.userCount })}
        </Badge>
        <Button icon={<RenameRegular />} onClick={onRename} data-testid="role-rename">
          {t('role.rename')}
        </Button>
        <Button icon={<DeleteRegular />} onClick={onDelete} data-testid="role-delete">
          {t('common.delete')}
        </Button>
      </div>
      <Text size={200} className={styles.muted}>
        {t('role.matrixHint')}
      </Text>
      {stale.bar}
      {failure && (
        <MessageBar intent="error" data-testid="role-error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.sections} data-testid="permission-matrix">
        {sections.map((section) => {
          const state = groupState(section, held);
          const count = section.entries.filter((e) => held.has(e.code)).length;
          return (
            <section key={section.group} className={styles.section} data-testid={`permission-group-${section.group}`}>
              <div className={styles.sectionHeader}>
                <Checkbox
                  checked={state}
                  label={<Text weight="semibold">{section.name ?? t(GROUP_KEYS[section.group])}</Text>}
                  onChange={(_, d) => {
                    setFailure(null);
                    setDraft(toggleGroup(section, held, d.checked === true));
                  }}
                  data-testid={`permission-group-toggle-${section.group}`}
                />
                <Text size={200} className={styles.muted}>
                  {t('role.groupCount', { count, total: section.entries.length })}
                </Text>
              </div>
              <div className={styles.entries}>
                {section.entries.map((entry) => (
                  <Checkbox
                    key={entry.code}
                    checked={held.has(entry.code)}
                    label={entry.name ?? t(`permission.${entry.code as 101}`)}
                    onChange={(_, d) => toggle(entry.code, d.checked === true)}
                    data-testid={`permission-${entry.code}`}
                  />
                ))}
              </div>
            </section>
          );
        })}
      </div>
      <div className={styles.footer}>
        <Text size={200} className={styles.footerNote}>
          {changed ? t('role.unsaved') : t('role.applyHint')}
        </Text>
        <Button icon={<ArrowUndoRegular />} disabled={!changed || busy} onClick={() => setDraft([...base.permissions])} data-testid="role-revert">
          {t('role.revert')}
        </Button>
        <Button appearance="primary" icon={<SaveRegular />} disabled={!changed || busy || stale.stale} onClick={save} data-testid="role-save">
          {busy ? t('common.saving') : t('common.save')}
        </Button>
      </div>
    </Card>
  );
}
