import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  Card,
  Divider,
  Dropdown,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Option,
  Subtitle2,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { StatusCode, type AssetInfo } from '../../../api/contract';
import { DepartmentSelect } from '../../components/DepartmentSelect';
import { limitHint } from '../../components/textLimit';
import { useDepartments } from '../../hooks/useOrgData';
import { useRecordChanged } from '../../hooks/useRecordChanged';
import { sameValues, useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import type { MessageKey } from '../../i18n/types';
import { notify } from '../../notify';
import { assetStore } from '../../state/assets';
import { session } from '../../state/session';
import { AssetAttributeInputs } from './AssetAttributeInputs';
import { formatMoney } from './assetDisplay';
import { ASSET_TEXT_MAX, draftOfAsset, emptyDraft, toAssetRequest, validateAsset, type AssetDraft, type AssetErrors, type AssetTextField } from './assetForm';
import { useClassifies, useStaffOptions } from './assetHooks';
import { AssetPictureInput } from './AssetPictureInput';
import { AssetStaffSelect } from './AssetStaffSelect';
import { AssetCustodyReadOnly } from '../business/AssetCustodyReadOnly';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  heading: { margin: 0, flexGrow: 1 },
  // Brought into view with a little room above it.
  message: { scrollMarginTop: tokens.spacingVerticalXXL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}` },
  footer: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end', flexWrap: 'wrap' },
});

/**
 * The asset form: every field of the asset (spec section 3), the custom attributes of the
 * chosen classification, the picture and the RFID fields. Problems are shown at their fields
 * before sending (validateAsset); the server's refusals at the field they name or above.
 * `asset` is the asset to edit (absent: register a new one); `readOnly` when the user may
 * not save (the page says why). A save is based on the asset's version: when someone else
 * saved it meanwhile, the form says so and `onReload` loads it again (the page then starts
 * the form afresh).
 */
export function AssetInfoForm({
  asset,
  readOnly,
  notice,
  onReload,
  initialCode = '',
}: {
  asset?: AssetInfo;
  /** A new asset's code, filled in (an inventory count's surplus code); the form starts clean with it. */
  initialCode?: string;
  readOnly: boolean;
  notice?: string;
  onReload?: () => Promise<string | null>;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { user } = useSnapshot(session);
  const isAdmin = user?.IsAdmin === true;
  const { tree } = useDepartments();
  const { classifies } = useClassifies();
  const { staff } = useStaffOptions();
  const [draft, setDraft] = useState<AssetDraft>(() => (asset ? draftOfAsset(asset) : emptyDraft({ assetCoding: initialCode.trim() })));
  // What was loaded or last saved: the form is dirty while the draft differs from it.
  const [saved, setSaved] = useState<AssetDraft>(draft);
  const allowLeave = useUnsavedChanges(!readOnly && !sameValues(draft, saved), t('common.leaveConfirm'));
  const [errors, setErrors] = useState<AssetErrors>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formMessage, setFormMessage] = useState<string | null>(notice ?? null);
  // The form's message shows where the form begins, far above the Save button that was
  // pressed on a long form: brought into view (not moved when it is in view already).
  const messageBar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    messageBar.current?.scrollIntoView({ block: 'nearest' });
  }, [formMessage]);
  const [busy, setBusy] = useState(false);
  const changed = useRecordChanged(onReload ?? (async () => null));
  const classify = draft.classify === null ? undefined : classifies?.find((k) => k.id === draft.classify);

  const set = (change: Partial<AssetDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    const fields = Object.keys(change);
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k))));
    setServerErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k))));
    if (!notice) setFormMessage(null);
  };

  const messageOf = (field: string) => serverErrors[field] ?? (errors[field] ? t(errors[field].key, errors[field].values) : undefined);

  const submit = async (another: boolean) => {
    const problems = validateAsset(draft, classify);
    // A registered asset's department is not edited here (AssetCustodyReadOnly).
    if (!asset && !isAdmin && draft.affiliatedDept === null) problems.affiliatedDept = { key: 'staff.deptRequired' };
    setErrors(problems);
    setServerErrors({});
    if (Object.keys(problems).length > 0) {
      setFormMessage(t('asset.fixErrors'));
      return;
    }
    setBusy(true);
    const result = await assetStore.saveAsset(toAssetRequest(draft, classify, asset));
    setBusy(false);
    if (changed.caught(result)) return;
    if (!result.ok) {
      if (result.code === StatusCode.duplicate) setServerErrors({ assetCoding: result.message });
      else setFormMessage(result.message);
      return;
    }
    notify('success', asset ? t('asset.saved') : t('asset.created'));
    if (another) {
      // The next asset is often like this one: keep where it is and what it is.
      const next = emptyDraft({ classify: draft.classify, affiliatedDept: draft.affiliatedDept, depositSite: draft.depositSite });
      setDraft(next);
      setSaved(next);
      setFormMessage(null);
    } else {
      setSaved(draft);
      allowLeave();
      navigate('/asset/list');
    }
  };

  const text = (field: AssetTextField, labelKey: MessageKey, extra: { required?: boolean; placeholder?: string } = {}) => (
    // No maxLength: it would cut a pasted text silently; the count shows the limit and
    // validateAsset refuses a longer text at the field (issue 14).
    <Field
      label={t(labelKey)}
      required={extra.required}
      validationMessage={messageOf(field)}
      hint={readOnly ? undefined : limitHint(t, draft[field].trim(), ASSET_TEXT_MAX[field])}
    >
      <Input
        name={field}
        value={draft[field]}
        placeholder={extra.placeholder}
        disabled={readOnly}
        onChange={(_, d) => set({ [field]: d.value })}
      />
    </Field>
  );
  const input = (field: 'buyDate' | 'expireDate' | 'buyPrice' | 'surplusValue' | 'lossCycle', labelKey: MessageKey, type: 'date' | 'text', hint?: string) => (
    <Field label={t(labelKey)} validationMessage={messageOf(field)} hint={hint}>
      <Input
        name={field}
        type={type}
        inputMode={type === 'text' ? 'decimal' : undefined}
        value={draft[field]}
        disabled={readOnly}
        onChange={(_, d) => set({ [field]: d.value })}
      />
    </Field>
  );
  const section = (titleKey: MessageKey, children: ReactNode, grid = true) => (
    <section className={styles.section}>
      <Subtitle2 as="h3">{t(titleKey)}</Subtitle2>
      {grid ? <div className={styles.grid}>{children}</div> : children}
    </section>
  );

  const depreciation =
    asset && asset.lossCycle && asset.currentValue !== null
      ? t('asset.depreciationHint', { months: asset.lossCycle, value: formatMoney(asset.currentValue, i18n.language) })
      : undefined;

  return (
    <Card className={styles.card}>
      <form
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void submit(false);
        }}
        className={styles.section}
        data-testid="asset-form"
      >
        <div className={styles.header}>
          <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={() => navigate('/asset/list')} aria-label={t('asset.backToList')} />
          <Title3 as="h2" className={styles.heading}>
            {asset ? t('asset.editTitle') : t('asset.registerTitle')}
          </Title3>
        </div>
        {changed.bar}
        {formMessage && (
          <MessageBar ref={messageBar} className={styles.message} intent={notice ? 'warning' : 'error'} data-testid="asset-form-error">
            <MessageBarBody>{formMessage}</MessageBarBody>
          </MessageBar>
        )}

        {section(
          'asset.sectionBasic',
          <>
            {text('assetCoding', 'asset.field.assetCoding', { placeholder: t('asset.codePlaceholder') })}
            {text('assetName', 'asset.field.assetName', { required: true, placeholder: t('asset.namePlaceholder') })}
            {text('specifications', 'asset.field.specifications')}
            {text('unit', 'asset.field.unit')}
            {text('supplier', 'asset.field.supplier')}
            <Field label={t('asset.field.classify')}>
              <Dropdown
                disabled={readOnly || !classifies}
                value={classify?.classifyName ?? (draft.classify === null ? t('asset.noClassify') : '')}
                selectedOptions={[draft.classify === null ? '' : String(draft.classify)]}
                onOptionSelect={(_, d) => set({ classify: d.optionValue ? Number(d.optionValue) : null })}
                data-testid="asset-classify"
              >
                <Option value="">{t('asset.noClassify')}</Option>
                {(classifies ?? []).map((k) => (
                  <Option key={k.id} value={String(k.id)}>
                    {k.classifyName}
                  </Option>
                ))}
              </Dropdown>
            </Field>
          </>,
        )}
        <Divider />
        {section(
          'asset.sectionAttributes',
          <AssetAttributeInputs
            classify={classify}
            values={draft.attributeValues}
            errors={errors}
            disabled={readOnly}
            onChange={(name, value) => {
              setDraft((d) => ({ ...d, attributeValues: { ...d.attributeValues, [name]: value } }));
              setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== `attr:${name}`)));
            }}
          />,
          false,
        )}
        <Divider />
        {section(
          'asset.sectionPurchase',
          <>
            {input('buyDate', 'asset.field.buyDate', 'date')}
            {input('buyPrice', 'asset.field.buyPrice', 'text', depreciation)}
            {input('surplusValue', 'asset.field.surplusValue', 'text')}
            {input('lossCycle', 'asset.field.lossCycle', 'text')}
            {input('expireDate', 'asset.field.expireDate', 'date', t('asset.expireDateHint'))}
          </>,
        )}
        <Divider />
        {section(
          'asset.sectionCustody',
          // A registered asset's custody changes only through transactions (README "Asset transactions").
          asset ? (
            <AssetCustodyReadOnly asset={asset} />
          ) : (
            <>
              <Field label={t('asset.field.affiliatedDept')} required={!isAdmin} validationMessage={messageOf('affiliatedDept')}>
                {tree && (
                  <DepartmentSelect
                    tree={tree}
                    value={draft.affiliatedDept}
                    showPath
                    noneLabel={isAdmin ? t('asset.noDepartment') : undefined}
                    onChange={(id) => set({ affiliatedDept: id })}
                    data-testid="asset-dept"
                  />
                )}
              </Field>
              <Field label={t('asset.field.affiliatedStaff')}>
                {staff && (
                  <AssetStaffSelect
                    staff={staff}
                    value={draft.affiliatedStaff}
                    noneLabel={t('asset.noStaff')}
                    onChange={(s) => set(s && s.affiliatedDept !== null ? { affiliatedStaff: s.id, affiliatedDept: s.affiliatedDept } : { affiliatedStaff: s?.id ?? null })}
                    data-testid="asset-staff"
                  />
                )}
              </Field>
              {text('depositSite', 'asset.field.depositSite')}
            </>
          ),
        )}
        <Divider />
        {section(
          'asset.sectionRfid',
          <>
            {text('epc', 'asset.field.epc')}
            {text('tid', 'asset.field.tid')}
          </>,
        )}
        <Divider />
        {section(
          'asset.sectionPicture',
          <AssetPictureInput picture={draft.picture} disabled={readOnly} onChange={(pictureId, picture) => set({ pictureId, picture })} />,
          false,
        )}

        {/* data-action-bar: the back-to-top button keeps clear of this row (shell/BackToTop). */}
        <div className={styles.footer} data-action-bar="" data-testid="asset-actions">
          <Button onClick={() => navigate('/asset/list')}>{t('asset.backToList')}</Button>
          {!asset && !readOnly && (
            <Button disabled={busy} onClick={() => void submit(true)} data-testid="asset-save-new">
              {t('asset.saveAndNew')}
            </Button>
          )}
          <Button appearance="primary" type="submit" disabled={busy || readOnly || changed.stale} data-testid="asset-submit">
            {busy ? t('common.saving') : t('common.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
