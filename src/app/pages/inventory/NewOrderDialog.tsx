import { useState } from 'react';
import { Checkbox, Field, Input, makeStyles, Text, Textarea, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { InventoryOrderInfo } from '../../../api/contract';
import { DepartmentChecklist } from '../../components/DepartmentChecklist';
import { FormDialog } from '../../components/FormDialog';
import { limitHint, limitMessage, overLimit } from '../../components/textLimit';
import { useDepartments } from '../../hooks/useOrgData';
import { inventoryApi } from '../../api';
import { useClassifies } from '../asset/assetHooks';
import { newOrderRequest, ORDER_NAME_MAX, ORDER_REMARK_MAX, type NewOrderDraft } from './newOrder';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(640px, 95vw)' },
  hint: { color: tokens.colorNeutralForeground3 },
  classifies: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalM,
    maxHeight: '160px',
    overflowY: 'auto',
    // The same inset as the departments box above it.
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
});

/**
 * A new inventory order: its name and what it counts (departments, each with its
 * sub-departments; classifications; places). Nothing chosen counts every asset of the user's
 * scope. The server fills the order's lines from the register as it is now.
 */
export function NewOrderDialog({ onCreated, onClose }: { onCreated: (order: InventoryOrderInfo) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { tree } = useDepartments();
  const { classifies } = useClassifies();
  const [draft, setDraft] = useState<NewOrderDraft>({ name: '', departmentIds: [], classifyIds: [], places: '', remark: '' });
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<NewOrderDraft>) => setDraft((d) => ({ ...d, ...change }));

  const submit = async () => {
    const request = newOrderRequest(draft);
    if (overLimit(draft.name.trim(), ORDER_NAME_MAX) || overLimit(draft.remark.trim(), ORDER_REMARK_MAX)) return;
    if (!request) {
      setNameError(t('inventory.nameRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    const result = await inventoryApi.create(request);
    setBusy(false);
    if (!result.ok) setError(result.message);
    else onCreated(result.data);
  };

  return (
    <FormDialog
      title={t('inventory.newOrder')}
      testId="inventory-new-dialog"
      submitTestId="inventory-new-submit"
      surfaceClassName={styles.surface}
      error={error}
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Field
        label={t('inventory.field.name')}
        required
        validationMessage={nameError ?? limitMessage(t, draft.name, ORDER_NAME_MAX)}
        hint={limitHint(t, draft.name, ORDER_NAME_MAX)}
      >
        <Input
          value={draft.name}
          onChange={(_, d) => {
            set({ name: d.value });
            setNameError(null);
          }}
          data-testid="inventory-new-name"
        />
      </Field>
      <Text size={200} className={styles.hint}>
        {t('inventory.scopeHint')}
      </Text>
      <Field label={t('inventory.field.departments')}>
        {tree && <DepartmentChecklist tree={tree} values={draft.departmentIds} onChange={(ids) => set({ departmentIds: [...ids] })} data-testid="inventory-new-departments" />}
      </Field>
      <Field label={t('inventory.field.classifications')}>
        <div className={styles.classifies} data-testid="inventory-new-classifies">
          {classifies && classifies.length === 0 && <Text className={styles.hint}>{t('inventory.noClassifications')}</Text>}
          {classifies?.map((k) => (
            <Checkbox
              key={k.id}
              label={k.classifyName}
              checked={draft.classifyIds.includes(k.id)}
              onChange={(_, d) => set({ classifyIds: d.checked ? [...draft.classifyIds, k.id] : draft.classifyIds.filter((id) => id !== k.id) })}
            />
          ))}
        </div>
      </Field>
      <Field label={t('inventory.field.places')} hint={t('inventory.placesHint')}>
        <Textarea value={draft.places} rows={2} resize="vertical" onChange={(_, d) => set({ places: d.value })} data-testid="inventory-new-places" />
      </Field>
      <Field
        label={t('inventory.field.remark')}
        validationMessage={limitMessage(t, draft.remark, ORDER_REMARK_MAX)}
        hint={limitHint(t, draft.remark, ORDER_REMARK_MAX)}
      >
        <Input value={draft.remark} onChange={(_, d) => set({ remark: d.value })} data-testid="inventory-new-remark" />
      </Field>
    </FormDialog>
  );
}
