import { useState } from 'react';
import { Field, Input, makeStyles, Radio, RadioGroup, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { StatusCode, type StaffInfo, type WorkingStatus } from '../../../api/contract';
import { DepartmentSelect } from '../../components/DepartmentSelect';
import { FormDialog } from '../../components/FormDialog';
import { limitHint, limitMessage } from '../../components/textLimit';
import { useRecordChanged } from '../../hooks/useRecordChanged';
import { notify } from '../../notify';
import type { DeptTree } from '../../state/departmentTree';
import { org } from '../../state/org';

/** Longest name, position or job number the server accepts (server/modules/staff). */
export const STAFF_TEXT_MAX = 50;

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}` },
  wide: { gridColumn: '1 / -1' },
  surface: { maxWidth: '600px' },
});

type StaffField = 'staffName' | 'jobNumber' | 'position' | 'affiliatedDept';

/**
 * Creates or edits a staff member: name (required), job number (unique in the company),
 * position, department, working status. A refusal about a field shows under it. An edit is
 * based on the version the dialog opened on; changed by someone else meanwhile, the dialog
 * offers to reload the staff member.
 */
export function StaffDialog({
  tree,
  staff,
  defaultDept,
  allowNoDept,
  onClose,
}: {
  tree: DeptTree;
  /** The member to edit; absent to create one. */
  staff?: StaffInfo;
  defaultDept: number | null;
  /** Admins may keep staff outside every department. */
  allowNoDept: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [staffName, setStaffName] = useState(staff?.staffName ?? '');
  const [jobNumber, setJobNumber] = useState(staff?.jobNumber ?? '');
  const [position, setPosition] = useState(staff?.position ?? '');
  const [dept, setDept] = useState<number | null>(staff ? staff.affiliatedDept : defaultDept);
  const [status, setStatus] = useState<WorkingStatus>(staff?.workingStatus ?? 'active');
  const [errors, setErrors] = useState<Partial<Record<StaffField, string>>>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The member as last loaded: what an edit is based on.
  const [current, setCurrent] = useState(staff);
  const changed = useRecordChanged(async () => {
    if (!current) return null;
    const result = await org.reloadStaff(current.id, current.affiliatedDept);
    if (!result.ok) return result.message;
    const fresh = result.data;
    if (!fresh) return t('common.recordGone');
    setCurrent(fresh);
    setStaffName(fresh.staffName);
    setJobNumber(fresh.jobNumber);
    setPosition(fresh.position);
    setDept(fresh.affiliatedDept);
    setStatus(fresh.workingStatus);
    setErrors({});
    setFormMessage(null);
    return null;
  });

  const clear = (field: StaffField) => {
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormMessage(null);
  };

  const submit = async () => {
    const next: Partial<Record<StaffField, string>> = {};
    if (staffName.trim() === '') next.staffName = t('staff.nameRequired');
    if (dept === null && !allowNoDept) next.affiliatedDept = t('staff.deptRequired');
    for (const [field, value] of [['staffName', staffName], ['jobNumber', jobNumber], ['position', position]] as const) {
      next[field] ??= limitMessage(t, value.trim(), STAFF_TEXT_MAX);
      if (next[field] === undefined) delete next[field];
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    const result = await org.saveStaff({
      ...(current ? { id: current.id, version: current.version } : {}),
      staffName: staffName.trim(),
      jobNumber: jobNumber.trim(),
      position: position.trim(),
      affiliatedDept: dept,
      workingStatus: status,
    });
    setBusy(false);
    if (changed.caught(result)) return;
    if (result.ok) {
      notify('success', staff ? t('staff.saved') : t('staff.created'));
      onClose();
      return;
    }
    // Where the server's message belongs: a taken job number, a missing name, a department.
    if (result.code === StatusCode.duplicate) setErrors({ jobNumber: result.message });
    else if (result.code === StatusCode.parameter && staffName.trim() === '') setErrors({ staffName: result.message });
    else if (result.code === StatusCode.recordNotFound && dept !== null && !tree.byId.has(dept)) setErrors({ affiliatedDept: result.message });
    else setFormMessage(result.message);
  };

  return (
    <FormDialog
      title={staff ? t('staff.editTitle') : t('staff.createTitle')}
      testId="staff-dialog"
      submitTestId="staff-submit"
      surfaceClassName={styles.surface}
      contentClassName={styles.form}
      errorClassName={styles.wide}
      error={formMessage}
      busy={busy}
      canSubmit={!changed.stale}
      onSubmit={submit}
      onClose={onClose}
    >
      {changed.bar && <div className={styles.wide}>{changed.bar}</div>}
      <Field label={t('staff.name')} required validationMessage={errors.staffName} hint={limitHint(t, staffName.trim(), STAFF_TEXT_MAX)} className={styles.wide}>
        <Input
          name="staffName"
          value={staffName}
          placeholder={t('staff.namePlaceholder')}
          autoFocus
          onChange={(_, d) => {
            setStaffName(d.value);
            clear('staffName');
            const tooLong = limitMessage(t, d.value.trim(), STAFF_TEXT_MAX);
            if (tooLong) setErrors((e) => ({ ...e, staffName: tooLong }));
          }}
        />
      </Field>
      <Field label={t('staff.jobNumber')} validationMessage={errors.jobNumber} hint={limitHint(t, jobNumber.trim(), STAFF_TEXT_MAX)}>
        <Input
          name="jobNumber"
          value={jobNumber}
          placeholder={t('staff.jobNumberPlaceholder')}
          onChange={(_, d) => {
            setJobNumber(d.value);
            clear('jobNumber');
            const tooLong = limitMessage(t, d.value.trim(), STAFF_TEXT_MAX);
            if (tooLong) setErrors((e) => ({ ...e, jobNumber: tooLong }));
          }}
        />
      </Field>
      <Field label={t('staff.position')} validationMessage={errors.position} hint={limitHint(t, position.trim(), STAFF_TEXT_MAX)}>
        <Input
          name="position"
          value={position}
          placeholder={t('staff.positionPlaceholder')}
          onChange={(_, d) => {
            setPosition(d.value);
            clear('position');
            const tooLong = limitMessage(t, d.value.trim(), STAFF_TEXT_MAX);
            if (tooLong) setErrors((e) => ({ ...e, position: tooLong }));
          }}
        />
      </Field>
      <Field label={t('staff.department')} required={!allowNoDept} validationMessage={errors.affiliatedDept} className={styles.wide}>
        <DepartmentSelect
          tree={tree}
          value={dept}
          showPath
          noneLabel={allowNoDept ? t('staff.noDepartment') : undefined}
          placeholder={t('dept.choose')}
          onChange={(id) => {
            setDept(id);
            clear('affiliatedDept');
          }}
          data-testid="staff-dept"
        />
      </Field>
      <Field label={t('staff.workingStatus')} className={styles.wide}>
        <RadioGroup layout="horizontal" value={status} onChange={(_, d) => setStatus(d.value as WorkingStatus)} data-testid="staff-status">
          <Radio value="active" label={t('staff.active')} />
          <Radio value="inactive" label={t('staff.inactive')} />
        </RadioGroup>
      </Field>
    </FormDialog>
  );
}
