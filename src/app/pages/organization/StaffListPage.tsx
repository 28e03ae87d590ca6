import { useMemo, useState } from 'react';
import {
  Avatar,
  Badge,
  Button,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  SearchBox,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableCellLayout,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import {
  AddRegular,
  DeleteRegular,
  EditRegular,
  PersonAddRegular,
  PersonDeleteRegular,
  PersonEditRegular,
  PersonKeyRegular,
  PeopleSearchRegular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import type { StaffInfo, StaffSortKey, WorkingStatus } from '../../../api/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FilterDropdown } from '../../components/FilterDropdown';
import { DepartmentSelect } from '../../components/DepartmentSelect';
import { avatarInitials } from '../../components/initials';
import { ListFrame } from '../../components/ListFrame';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { useChildUsers, useDepartments } from '../../hooks/useOrgData';
import { usePagedList } from '../../hooks/usePagedList';
import { isRecordChanged } from '../../hooks/useRecordChanged';
import type { MessageKey } from '../../i18n/types';
import { notify } from '../../notify';
import { org, orgState } from '../../state/org';
import { session } from '../../state/session';
import { StaffDialog } from './StaffDialog';
import { SubUserDialog } from './SubUserDialog';

/** How long the search box waits for typing to stop before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;

const useStyles = makeStyles({
  search: { width: '260px', maxWidth: '100%' },
  dept: { width: '220px' },
  status: { minWidth: '140px' },
  table: { minWidth: '920px' },
  headerRow: { backgroundColor: tokens.colorNeutralBackground3 },
  nameCell: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXXS, justifyContent: 'flex-end' },
  subUser: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

interface Sort {
  key: StaffSortKey;
  asc: boolean;
}

type DialogState =
  | { kind: 'create' }
  | { kind: 'edit'; staff: StaffInfo }
  | { kind: 'delete'; staff: StaffInfo }
  | { kind: 'openSubUser'; staff: StaffInfo }
  | { kind: 'editSubUser'; staff: StaffInfo }
  | { kind: 'closeSubUser'; staff: StaffInfo }
  | null;

const COLUMNS: Array<{ key: StaffSortKey; titleKey: MessageKey; width?: string }> = [
  { key: 'staffName', titleKey: 'staff.name' },
  { key: 'jobNumber', titleKey: 'staff.jobNumber', width: '120px' },
  { key: 'position', titleKey: 'staff.position' },
  { key: 'affiliatedDept', titleKey: 'staff.department' },
  { key: 'workingStatus', titleKey: 'staff.workingStatus', width: '110px' },
];

/**
 * /organization/staff-list: staff with search (debounced), sort by column, paging (the page
 * size is remembered), a department filter (the department and its sub-departments, also
 * from ?dept=ID) and a working-status filter; create, edit and delete; and each staff
 * member's sub-user: open, change, enable/disable, close.
 */
export default function StaffListPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { user } = useSnapshot(session);
  const snap = useSnapshot(orgState);
  const { tree } = useDepartments();
  useChildUsers();
  const [params, setParams] = useSearchParams();
  const deptParam = Number(params.get('dept'));
  const dept = Number.isInteger(deptParam) && deptParam > 0 ? deptParam : null;
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<WorkingStatus | null>(null);
  const [sort, setSort] = useState<Sort>({ key: 'id', asc: true });
  const [dialog, setDialog] = useState<DialogState>(null);
  const [switching, setSwitching] = useState<ReadonlySet<number>>(new Set());

  const list = usePagedList({
    name: 'staff-list',
    enabled: !!user,
    filters: { query, dept, status, sort },
    deps: [user?.loginID, snap.staffRevision],
    fetchPage: (pageIndex, pageSize) =>
      org.fetchStaffPage({
        search: query,
        affiliatedDept: dept ?? undefined,
        workingStatus: status ?? undefined,
        sortKey: sort.key,
        isASC: sort.asc,
        pageIndex,
        pageSize,
      }),
    totalOf: (page) => page.total,
  });
  const { data } = list;

  const rows = useMemo(() => (data ? data.ids.flatMap((id) => (snap.staff[id] ? [snap.staff[id] as StaffInfo] : [])) : []), [data, snap.staff]);

  const setDept = (id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === null) next.delete('dept');
        else next.set('dept', String(id));
        return next;
      },
      { replace: true },
    );

  const toggleSort = (key: StaffSortKey) =>
    setSort((s) => (s.key === key ? { key, asc: !s.asc } : { key, asc: true }));

  const setEnabled = async (staff: StaffInfo, enabled: boolean) => {
    if (staff.userId === null) return;
    setSwitching((s) => new Set([...s, staff.id]));
    // Based on the sub-user as this page loaded it (the list is loaded with the page).
    const version = org.subUserOf(staff.id)?.version ?? 1;
    const result = await org.setSubUserEnabled(staff.userId, version, enabled);
    // Changed by someone else: the sub-users reload, so the switch shows it as it is now.
    if (isRecordChanged(result)) void org.loadChildUsers(true);
    setSwitching((s) => new Set([...s].filter((id) => id !== staff.id)));
    if (result.ok) notify('success', enabled ? t('subUser.enabledNotice', { name: staff.staffName }) : t('subUser.disabledNotice', { name: staff.staffName }));
    else notify('error', result.message);
  };

  const subUserCell = (staff: StaffInfo) => {
    if (staff.userId === null) {
      return (
        <Badge appearance="outline" color="informative" data-testid="subuser-state" data-state="none">
          {t('subUser.stateNone')}
        </Badge>
      );
    }
    const enabled = staff.userEnabled === true;
    return (
      <Switch
        checked={enabled}
        disabled={switching.has(staff.id)}
        label={enabled ? t('subUser.stateEnabled') : t('subUser.stateDisabled')}
        onChange={(_, d) => void setEnabled(staff, d.checked)}
        data-testid="subuser-switch"
        data-state={enabled ? 'enabled' : 'disabled'}
      />
    );
  };

  const subUserActions = (staff: StaffInfo) =>
    staff.userId === null ? (
      <Tooltip content={t('subUser.open')} relationship="label">
        <Button appearance="subtle" size="small" icon={<PersonAddRegular />} onClick={() => setDialog({ kind: 'openSubUser', staff })} data-testid="subuser-open" />
      </Tooltip>
    ) : (
      <Menu positioning="below-end">
        <MenuTrigger disableButtonEnhancement>
          <Tooltip content={t('subUser.manage')} relationship="label">
            <Button appearance="subtle" size="small" icon={<PersonKeyRegular />} data-testid="subuser-menu" />
          </Tooltip>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem
              icon={<PersonEditRegular />}
              disabled={!org.subUserOf(staff.id)}
              onClick={() => setDialog({ kind: 'editSubUser', staff })}
              data-testid="subuser-edit"
            >
              {t('subUser.edit')}
            </MenuItem>
            <MenuItem icon={<PersonDeleteRegular />} onClick={() => setDialog({ kind: 'closeSubUser', staff })} data-testid="subuser-close">
              {t('subUser.close')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
    );

  const filtered = query !== '' || dept !== null || status !== null;
  const create = (testId: string) => (
    <Button appearance="primary" icon={<AddRegular />} disabled={!tree} onClick={() => setDialog({ kind: 'create' })} data-testid={testId}>
      {t('staff.create')}
    </Button>
  );

  return (
    <>
      <ListFrame
        title={t('staff.title')}
        actions={create('staff-create')}
        toolbar={
          <>
            <SearchBox
              className={styles.search}
              placeholder={t('staff.searchPlaceholder')}
              value={search}
              onChange={(_, d) => setSearch(d.value)}
              data-testid="staff-search"
            />
            {tree && (
              <div className={styles.dept}>
                <DepartmentSelect
                  tree={tree}
                  value={dept}
                  onChange={setDept}
                  noneLabel={t('staff.allDepartments')}
                  aria-label={t('staff.deptFilter')}
                  data-testid="staff-dept-filter"
                />
              </div>
            )}
            <FilterDropdown<WorkingStatus>
              className={styles.status}
              label={t('staff.workingStatus')}
              allText={t('staff.allStatuses')}
              value={status}
              choices={[
                { value: 'active', text: t('staff.active') },
                { value: 'inactive', text: t('staff.inactive') },
              ]}
              onChange={setStatus}
              testId="staff-status-filter"
            />
          </>
        }
        {...list.frame}
        errorTestId="staff-error"
        empty={
          data && rows.length === 0
            ? {
                icon: <PeopleSearchRegular />,
                text: filtered ? t('staff.noMatch') : t('staff.empty'),
                action: filtered ? undefined : create('staff-empty-create'),
                testId: 'staff-empty',
              }
            : null
        }
      >
        <Table className={styles.table} sortable aria-label={t('staff.title')} data-testid="staff-table">
          <TableHeader>
            <TableRow className={styles.headerRow}>
              {COLUMNS.map((c) => (
                <TableHeaderCell
                  key={c.key}
                  style={c.width ? { width: c.width } : undefined}
                  sortDirection={sort.key === c.key ? (sort.asc ? 'ascending' : 'descending') : undefined}
                  onClick={() => toggleSort(c.key)}
                  data-testid={`staff-sort-${c.key}`}
                >
                  {t(c.titleKey)}
                </TableHeaderCell>
              ))}
              <TableHeaderCell style={{ width: '150px' }}>{t('subUser.column')}</TableHeaderCell>
              <TableHeaderCell style={{ width: '132px' }}>
                <span className={styles.actions} style={{ width: '100%' }}>
                  {t('common.actions')}
                </span>
              </TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((staff) => (
              <TableRow key={staff.id} data-testid="staff-row" data-name={staff.staffName}>
                <TableCell>
                  <TableCellLayout
                    media={<Avatar size={24} name={staff.staffName} initials={avatarInitials(staff.staffName)} color="colorful" />}
                    className={styles.nameCell}
                  >
                    {staff.staffName}
                  </TableCellLayout>
                </TableCell>
                <TableCell>{staff.jobNumber || <span className={styles.muted}>—</span>}</TableCell>
                <TableCell>{staff.position || <span className={styles.muted}>—</span>}</TableCell>
                <TableCell data-testid="staff-dept-name">{staff.deptName ?? <span className={styles.muted}>{t('staff.noDepartment')}</span>}</TableCell>
                <TableCell>
                  <Badge appearance="tint" color={staff.workingStatus === 'active' ? 'success' : 'subtle'} data-testid="staff-status">
                    {t(staff.workingStatus === 'active' ? 'staff.active' : 'staff.inactive')}
                  </Badge>
                </TableCell>
                <TableCell>
                  <div className={styles.subUser}>{subUserCell(staff)}</div>
                </TableCell>
                <TableCell>
                  <div className={styles.actions}>
                    <Tooltip content={t('common.edit')} relationship="label">
                      <Button appearance="subtle" size="small" icon={<EditRegular />} onClick={() => setDialog({ kind: 'edit', staff })} data-testid="staff-edit" />
                    </Tooltip>
                    {subUserActions(staff)}
                    <Tooltip content={t('common.delete')} relationship="label">
                      <Button appearance="subtle" size="small" icon={<DeleteRegular />} onClick={() => setDialog({ kind: 'delete', staff })} data-testid="staff-delete" />
                    </Tooltip>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListFrame>

      {tree && dialog?.kind === 'create' && (
        <StaffDialog tree={tree} defaultDept={dept ?? (user?.IsAdmin ? null : (tree.roots[0]?.dept.id ?? null))} allowNoDept={user?.IsAdmin === true} onClose={() => setDialog(null)} />
      )}
      {tree && dialog?.kind === 'edit' && (
        <StaffDialog tree={tree} staff={dialog.staff} defaultDept={null} allowNoDept={user?.IsAdmin === true} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('staff.deleteTitle')}
          message={dialog.staff.userId !== null ? t('staff.deleteConfirmWithSubUser', { name: dialog.staff.staffName }) : t('staff.deleteConfirm', { name: dialog.staff.staffName })}
          onConfirm={async () => {
            const result = await org.deleteStaff(dialog.staff.id, dialog.staff.version);
            // Changed by someone else: the list shows the staff member as they are now.
            if (isRecordChanged(result)) void org.reloadStaff(dialog.staff.id, dialog.staff.affiliatedDept);
            if (!result.ok) return result.message;
            notify('success', t('staff.deleted'));
            return null;
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {tree && dialog?.kind === 'openSubUser' && <SubUserDialog tree={tree} staff={dialog.staff} onClose={() => setDialog(null)} />}
      {tree && dialog?.kind === 'editSubUser' && org.subUserOf(dialog.staff.id) && (
        <SubUserDialog tree={tree} staff={dialog.staff} current={org.subUserOf(dialog.staff.id)} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'closeSubUser' && (
        <ConfirmDialog
          title={t('subUser.closeTitle')}
          message={t('subUser.closeConfirm', { name: dialog.staff.staffName })}
          confirmLabel={t('subUser.close')}
          onConfirm={async () => {
            if (dialog.staff.userId === null) return null;
            const version = org.subUserOf(dialog.staff.id)?.version ?? 1;
            const result = await org.closeSubUser(dialog.staff.userId, version, dialog.staff.id);
            if (isRecordChanged(result)) void org.loadChildUsers(true);
            if (!result.ok) return result.message;
            notify('success', t('subUser.closed'));
            return null;
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
