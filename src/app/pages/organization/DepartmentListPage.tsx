import { useEffect, useMemo, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  SearchBox,
  Text,
  Title3,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import {
  AddRegular,
  ArrowMoveRegular,
  BuildingRegular,
  DeleteRegular,
  DismissRegular,
  PeopleRegular,
  PeopleTeamRegular,
  MoreHorizontalRegular,
  RenameRegular,
  ArrowMaximizeVerticalRegular,
  ArrowMinimizeVerticalRegular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import type { DepartmentInfo } from '../../../api/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DeptTreeView } from '../../components/DeptTreeView';
import { ListFrame } from '../../components/ListFrame';
import { useDepartments } from '../../hooks/useOrgData';
import { isRecordChanged } from '../../hooks/useRecordChanged';
import { notify } from '../../notify';
import { branchIds, deptPathName, filterTree, flattenTree, subtreeIds, type DeptNode, type DeptTree } from '../../state/departmentTree';
import { org } from '../../state/org';
import { session } from '../../state/session';
import { DepartmentNameDialog } from './DepartmentNameDialog';
import { MoveDepartmentDialog } from './MoveDepartmentDialog';

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 360px',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 1023px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM },
  tools: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  search: { width: '220px' },
  hint: { color: tokens.colorNeutralForeground3 },
  treeBox: {
    minHeight: '240px',
    padding: tokens.spacingHorizontalXS,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  count: { fontVariantNumeric: 'tabular-nums' },
  detailTitle: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  detailIcon: { fontSize: '28px', color: tokens.colorBrandForeground1, flexShrink: 0 },
  detailName: { margin: 0, overflowWrap: 'anywhere' },
  path: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  stats: { display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: tokens.spacingHorizontalS, margin: 0 },
  stat: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  statTerm: {
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  statValue: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalS },
  wide: { gridColumn: '1 / -1' },
});

type DialogState =
  | { kind: 'create'; parentId: number }
  // version: the department's as the dialog opened on it, what the change is based on.
  | { kind: 'rename'; id: number; version: number }
  | { kind: 'move'; id: number; version: number }
  | { kind: 'delete'; id: number; version: number }
  | null;

type Notice = { intent: 'success' | 'error'; text: string } | null;

/**
 * /organization/dept-list: the department tree, whose top is the company. Create, rename,
 * move (drag a department onto another, or the move dialog) and delete; staff counts per
 * department; the server's refusals shown where the action happened.
 */
export default function DepartmentListPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { user } = useSnapshot(session);
  const { tree, error, retry } = useDepartments();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [openIds, setOpenIds] = useState<Set<number> | null>(null);
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<DialogState>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const visible = useMemo(() => (tree ? filterTree(tree, query) : null), [tree, query]);

  // First show: two levels open (the company and its departments), the top selected.
  useEffect(() => {
    if (!tree || openIds !== null) return;
    setOpenIds(new Set(flattenTree(tree).filter((n) => n.depth < 2).map((n) => n.dept.id)));
    setSelectedId((id) => id ?? tree.roots[0]?.dept.id ?? null);
  }, [tree, openIds]);

  // A selected department that is gone (deleted) hands the selection to the top.
  const selected = tree && selectedId !== null ? tree.byId.get(selectedId) : undefined;
  useEffect(() => {
    if (tree && selectedId !== null && !tree.byId.has(selectedId)) setSelectedId(tree.roots[0]?.dept.id ?? null);
  }, [tree, selectedId]);

  if (!tree) return <ListFrame title={t('dept.title')} loading={!error} error={error} onRetry={retry} empty={null} />;

  const open = openIds ?? new Set<number>();
  const nameOf = (id: number) => tree.byId.get(id)?.dept.deptName ?? '';
  const isRoot = (node: DeptNode) => node.dept.affiliatedDept === null;
  const canRename = (node: DeptNode) => !isRoot(node) || user?.IsAdmin === true;
  const expand = (id: number) => setOpenIds((ids) => new Set([...(ids ?? []), id]));

  /** The dialog of `kind` on a department, at the version the tree shows. */
  const openOn = (kind: 'rename' | 'move' | 'delete', dept: DepartmentInfo) => setDialog({ kind, id: dept.id, version: dept.version });

  /** Loads the departments again after a refused change; the dialog goes on from the version now. */
  const reloadDialogDept = async (id: number) => {
    const result = await org.reloadDepartment(id);
    if (result.ok && result.data) {
      const version = result.data.version;
      setDialog((d) => (d && d.kind !== 'create' && d.id === id ? { ...d, version } : d));
    }
    return result;
  };

  /** Moves a department; a refusal is the caller's to show (the dialog shows it under its picker). */
  const move = async (id: number, version: number, parentId: number) => {
    setNotice(null);
    const result = await org.moveDepartment(id, version, parentId);
    if (result.ok) {
      expand(parentId);
      setSelectedId(id);
      setNotice({ intent: 'success', text: t('dept.moved', { name: nameOf(id), target: nameOf(parentId) }) });
    }
    return result;
  };

  /** A drop: the refusal shows above the tree, where the drop happened. */
  const drop = async (id: number, parentId: number) => {
    // Based on the department as the tree shows it; a stale tree reloads, to be dropped again.
    const result = await move(id, tree.byId.get(id)?.dept.version ?? 1, parentId);
    if (isRecordChanged(result)) void org.reloadDepartment(id);
    if (!result.ok) setNotice({ intent: 'error', text: t('dept.moveFailed', { name: nameOf(id), message: result.message }) });
  };

  const nodeMenu = (node: DeptNode) => (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <Tooltip content={t('common.more')} relationship="label">
          <Button appearance="subtle" size="small" icon={<MoreHorizontalRegular />} data-testid="dept-node-menu" />
        </Tooltip>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem icon={<AddRegular />} onClick={() => setDialog({ kind: 'create', parentId: node.dept.id })}>
            {t('dept.createChild')}
          </MenuItem>
          <MenuItem icon={<RenameRegular />} disabled={!canRename(node)} onClick={() => openOn('rename', node.dept)}>
            {t('dept.rename')}
          </MenuItem>
          <MenuItem icon={<ArrowMoveRegular />} disabled={isRoot(node)} onClick={() => openOn('move', node.dept)}>
            {t('dept.move')}
          </MenuItem>
          <MenuItem icon={<DeleteRegular />} disabled={isRoot(node)} onClick={() => openOn('delete', node.dept)}>
            {t('common.delete')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );

  const onlyRoot = tree.roots.length === 1 && tree.roots[0].children.length === 0;

  return (
    <div className={styles.root}>
      <ListFrame
        title={t('dept.title')}
        actions={
          <div className={styles.tools}>
            <SearchBox
              className={styles.search}
              placeholder={t('dept.filterPlaceholder')}
              value={query}
              onChange={(_, d) => setQuery(d.value)}
              data-testid="dept-search"
            />
            <Tooltip content={t('dept.expandAll')} relationship="label">
              <Button appearance="subtle" icon={<ArrowMaximizeVerticalRegular />} onClick={() => setOpenIds(new Set(branchIds(tree)))} />
            </Tooltip>
            <Tooltip content={t('dept.collapseAll')} relationship="label">
              <Button
                appearance="subtle"
                icon={<ArrowMinimizeVerticalRegular />}
                onClick={() => setOpenIds(new Set(tree.roots.map((r) => r.dept.id)))}
              />
            </Tooltip>
            <Button
              appearance="primary"
              icon={<AddRegular />}
              onClick={() => setDialog({ kind: 'create', parentId: selected?.dept.id ?? tree.roots[0].dept.id })}
              data-testid="dept-create"
            >
              {t('dept.create')}
            </Button>
          </div>
        }
        loading={false}
        error={null}
        empty={null}
        body="grid"
      >
        <Text size={200} className={styles.hint}>
          {t('dept.dragHint')}
        </Text>
        {notice && (
          <MessageBar intent={notice.intent} data-testid="dept-notice" data-intent={notice.intent}>
            <MessageBarBody>{notice.text}</MessageBarBody>
            <MessageBarActions
              containerAction={
                <Button appearance="transparent" size="small" icon={<DismissRegular />} aria-label={t('common.close')} onClick={() => setNotice(null)} />
              }
            />
          </MessageBar>
        )}
        <div className={styles.treeBox}>
          {visible && visible.size === 0 ? (
            <Text className={styles.hint} block>
              {t('dept.noMatch')}
            </Text>
          ) : (
            <DeptTreeView
              tree={tree}
              aria-label={t('dept.tree')}
              data-testid="dept-tree"
              visible={visible}
              openIds={open}
              onOpenIdsChange={setOpenIds}
              selectedId={selectedId}
              onSelect={setSelectedId}
              aside={(node) => (
                <Badge appearance="tint" color={node.totalStaff > 0 ? 'brand' : 'informative'} className={styles.count} data-testid="dept-staff-count">
                  {t('dept.staffCount', { count: node.totalStaff })}
                </Badge>
              )}
              actions={nodeMenu}
              dragAndDrop={{
                canDrop: (dragId, targetId) => !subtreeIds(tree, dragId).has(targetId),
                onDrop: (dragId, targetId) => void drop(dragId, targetId),
              }}
            />
          )}
        </div>
        {onlyRoot && (
          <Text size={200} className={styles.hint}>
            {t('dept.emptyHint')}
          </Text>
        )}
      </ListFrame>

      {selected ? (
        <DepartmentDetails
          tree={tree}
          node={selected}
          canRename={canRename(selected)}
          onCreateChild={() => setDialog({ kind: 'create', parentId: selected.dept.id })}
          onRename={() => openOn('rename', selected.dept)}
          onMove={() => openOn('move', selected.dept)}
          onDelete={() => openOn('delete', selected.dept)}
          onViewStaff={() => navigate(`/organization/staff-list?dept=${selected.dept.id}`)}
        />
      ) : (
        <Card className={styles.card}>
          <Text className={styles.hint}>{t('dept.selectHint')}</Text>
        </Card>
      )}

      {dialog?.kind === 'create' && (
        <DepartmentNameDialog
          mode="create"
          parentName={deptPathName(tree, dialog.parentId)}
          onSubmit={async (name) => {
            const result = await org.createDepartment(name, dialog.parentId);
            if (result.ok) {
              expand(dialog.parentId);
              setSelectedId(result.data.id);
              notify('success', t('dept.created'));
            }
            return result;
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'rename' && (
        <DepartmentNameDialog
          mode="rename"
          initialName={nameOf(dialog.id)}
          hint={tree.byId.get(dialog.id)?.dept.affiliatedDept === null ? t('dept.rootRenameHint') : undefined}
          onSubmit={async (name) => {
            const result = await org.renameDepartment(dialog.id, dialog.version, name);
            if (result.ok) notify('success', t('dept.renamed'));
            return result;
          }}
          reload={() => reloadDialogDept(dialog.id)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveDepartmentDialog
          tree={tree}
          deptId={dialog.id}
          onSubmit={(parentId) => move(dialog.id, dialog.version, parentId)}
          reload={() => reloadDialogDept(dialog.id)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('dept.deleteTitle')}
          message={t('dept.deleteConfirm', { name: nameOf(dialog.id) })}
          onConfirm={async () => {
            const result = await org.deleteDepartment(dialog.id, dialog.version);
            // Changed by someone else: the tree reloads; deleting it again is based on that.
            if (isRecordChanged(result)) void reloadDialogDept(dialog.id);
            if (!result.ok) return result.message;
            notify('success', t('dept.deleted'));
            return null;
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

function DepartmentDetails({
  tree,
  node,
  canRename,
  onCreateChild,
  onRename,
  onMove,
  onDelete,
  onViewStaff,
}: {
  tree: DeptTree;
  node: DeptNode;
  canRename: boolean;
  onCreateChild: () => void;
  onRename: () => void;
  onMove: () => void;
  onDelete: () => void;
  onViewStaff: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const isRoot = node.dept.affiliatedDept === null;
  const Icon = isRoot ? BuildingRegular : PeopleTeamRegular;
  const stats: Array<[string, number, string]> = [
    [t('dept.directStaff'), node.dept.staffCount, 'direct'],
    [t('dept.totalStaff'), node.totalStaff, 'total'],
    [t('dept.subDepartments'), node.children.length, 'children'],
  ];
  return (
    <Card className={styles.card} data-testid="dept-details" data-dept-id={node.dept.id}>
      <div className={styles.detailTitle}>
        <Icon className={styles.detailIcon} />
        <Title3 as="h2" className={styles.detailName} data-testid="dept-details-name">
          {node.dept.deptName}
        </Title3>
      </div>
      <Text size={200} className={styles.path}>
        {isRoot ? t('dept.rootLabel') : deptPathName(tree, node.dept.id)}
      </Text>
      <dl className={styles.stats}>
        {stats.map(([term, value, key]) => (
          <div key={key} className={styles.stat}>
            <dt className={styles.statTerm} title={term}>
              {term}
            </dt>
            <dd className={styles.statValue} data-testid={`dept-stat-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className={styles.actions}>
        <Button className={styles.wide} icon={<AddRegular />} onClick={onCreateChild} data-testid="dept-create-child">
          {t('dept.createChild')}
        </Button>
        <Button icon={<RenameRegular />} disabled={!canRename} onClick={onRename} data-testid="dept-rename">
          {t('dept.rename')}
        </Button>
        <Button icon={<ArrowMoveRegular />} disabled={isRoot} onClick={onMove} data-testid="dept-move">
          {t('dept.move')}
        </Button>
        <Button icon={<DeleteRegular />} disabled={isRoot} onClick={onDelete} data-testid="dept-delete">
          {t('common.delete')}
        </Button>
        <Button className={styles.wide} appearance="subtle" icon={<PeopleRegular />} onClick={onViewStaff} data-testid="dept-view-staff">
          {t('dept.viewStaff')}
        </Button>
      </div>
    </Card>
  );
}
