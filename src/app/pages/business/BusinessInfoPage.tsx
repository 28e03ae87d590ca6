import { useEffect, useState, type FormEvent } from 'react';
import {
  Button,
  Card,
  Divider,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Tab,
  TabList,
  Textarea,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { StatusCode, type AssetInfo, type BusinessDetails, type BusinessType } from '../../../api/contract';
import { businessApi, assetApi } from '../../api';
import { DepartmentSelect } from '../../components/DepartmentSelect';
import { useDepartments } from '../../hooks/useOrgData';
import { notify } from '../../notify';
import { assetStore } from '../../state/assets';
import { session } from '../../state/session';
import { useStaffOptions } from '../asset/assetHooks';
import { AssetStaffSelect } from '../asset/AssetStaffSelect';
import { BusinessAssetPicker } from './BusinessAssetPicker';
import {
  allowedBusinessTypes,
  BUSINESS_FIELDS,
  businessFormPath,
  emptyBusinessDraft,
  isRequiredField,
  parseAssetIds,
  parseBusinessType,
  toBusinessRequest,
  type BusinessDraft,
  type BusinessField,
} from './businessForm';
import { BusinessOutcome } from './BusinessOutcome';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  fields: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
  },
  wide: { gridColumn: '1 / -1' },
  footer: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/**
 * /asset/businessInfo?type=Borrowed&ids=3,7: one transaction form per type (receive, borrow,
 * return, maintenance, scrap, alter), the tabs offering only the types the user's permissions
 * allow (104-108). The server's refusals are shown as it words them, in the user's language;
 * a recorded transaction shows its record (each asset before and after).
 */
export default function BusinessInfoPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { user } = useSnapshot(session);
  const allowed = user ? allowedBusinessTypes(user) : [];
  const asked = parseBusinessType(params.get('type'));
  const type = asked && allowed.includes(asked) ? asked : (allowed[0] ?? null);
  const ids = parseAssetIds(params.get('ids'));

  if (!type) {
    return (
      <Card className={styles.card}>
        <MessageBar intent="warning" data-testid="business-no-types">
          <MessageBarBody>{t('business.noTypes')}</MessageBarBody>
        </MessageBar>
      </Card>
    );
  }
  return (
    <Card className={styles.card}>
      <Title3 as="h2" className={styles.heading} data-testid="business-title">
        {t('business.formTitle', { type: t(`business.type.${type}`) })}
      </Title3>
      <TabList
        selectedValue={type}
        aria-label={t('business.chooseType')}
        onTabSelect={(_, data) => navigate(businessFormPath(data.value as BusinessType, ids), { replace: true })}
      >
        {allowed.map((each) => (
          <Tab key={each} value={each} data-testid={`business-type-${each}`}>
            {t(`business.type.${each}`)}
          </Tab>
        ))}
      </TabList>
      <BusinessForm key={`${type}:${ids.join(',')}`} type={type} assetIds={ids} />
    </Card>
  );
}

function BusinessForm({ type, assetIds }: { type: BusinessType; assetIds: number[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { tree } = useDepartments();
  const { staff } = useStaffOptions();
  // The time is taken when the form opens, as the server expects (README "Asset transactions").
  const [draft, setDraft] = useState<BusinessDraft>(() => emptyBusinessDraft(new Date()));
  const [assets, setAssets] = useState<AssetInfo[] | null>(assetIds.length === 0 ? [] : null);
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<BusinessDetails | null>(null);

  const loadAssets = async (ids: readonly number[]) => {
    const results = await Promise.all(ids.map((id) => assetApi.details(id)));
    const failed = results.find((r) => !r.ok);
    if (failed && !failed.ok) setProblem(t('business.loadFailed', { message: failed.message }));
    setAssets(results.flatMap((r) => (r.ok ? [r.data] : [])));
  };
  useEffect(() => {
    if (assetIds.length > 0) void loadAssets(assetIds);
  }, []);

  const set = (patch: Partial<BusinessDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const shown = BUSINESS_FIELDS[type];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!assets || submitting) return;
    setSubmitting(true);
    const result = await businessApi.create(toBusinessRequest(type, draft, assets));
    setSubmitting(false);
    if (!result.ok) {
      setRefusal(result.message);
      // An asset changed since it was loaded: show it as it is now, for another try.
      if (result.code === StatusCode.recordChanged) void loadAssets(assets.map((a) => a.id));
      return;
    }
    setRefusal(null);
    assetStore.assetsChanged();
    notify('success', t('business.done', { type: t(`business.type.${type}`), id: result.data.id }));
    setOutcome(result.data);
  };

  if (outcome) {
    return (
      <BusinessOutcome
        record={outcome}
        onAnother={() => navigate(businessFormPath(type, []), { replace: true })}
        onBack={() => navigate('/asset/list')}
      />
    );
  }
  if (assets === null) return <Spinner size="small" label={t('shell.loading')} />;

  const label = (field: BusinessField) => t(`business.field.${field}`);
  const text = (field: 'depositSite' | 'repairCost' | 'reason', hint?: string) => (
    <Field key={field} label={label(field)} hint={hint}>
      <Input name={field} value={draft[field]} onChange={(_, d) => set({ [field]: d.value })} />
    </Field>
  );
  const control = (field: BusinessField) => {
    switch (field) {
      case 'businessTime':
      case 'planReturnTime':
        return (
          <Field key={field} label={label(field)}>
            <Input type="datetime-local" name={field} value={draft[field]} onChange={(_, d) => set({ [field]: d.value })} />
          </Field>
        );
      case 'affiliatedDept':
        return (
          <Field
            key={field}
            label={label(field)}
            required={isRequiredField(type, field)}
            hint={type === 'Return' ? t('business.returnDeptHint') : type === 'Alter' ? t('business.alterHint') : undefined}
          >
            {tree && (
              <DepartmentSelect
                tree={tree}
                value={draft.affiliatedDept}
                showPath
                noneLabel={t('business.noDept')}
                onChange={(id) => set({ affiliatedDept: id })}
                data-testid="business-dept"
              />
            )}
          </Field>
        );
      case 'affiliatedStaff':
        return (
          <Field key={field} label={label(field)} required={isRequiredField(type, field)}>
            {staff && (
              <AssetStaffSelect
                staff={staff}
                value={draft.affiliatedStaff}
                noneLabel={t('business.noStaff')}
                // A person brings their department, as in the asset form.
                onChange={(s) => set(s && s.affiliatedDept !== null ? { affiliatedStaff: s.id, affiliatedDept: s.affiliatedDept } : { affiliatedStaff: s?.id ?? null })}
                data-testid="business-staff"
              />
            )}
          </Field>
        );
      case 'remark':
        return (
          <Field key={field} label={label(field)} className={styles.wide}>
            <Textarea name="remark" value={draft.remark} onChange={(_, d) => set({ remark: d.value })} />
          </Field>
        );
      default:
        return text(field);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <BusinessAssetPicker assets={assets} onChange={setAssets} onProblem={setProblem} />
      {problem && (
        <MessageBar intent="warning" data-testid="business-problem">
          <MessageBarBody>{problem}</MessageBarBody>
        </MessageBar>
      )}
      <Divider />
      <div className={styles.fields}>{shown.map(control)}</div>
      {refusal && (
        <MessageBar intent="error" data-testid="business-refusal">
          <MessageBarBody>{refusal}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.footer}>
        <Button appearance="primary" type="submit" disabled={submitting} data-testid="business-submit">
          {submitting ? t('business.submitting') : t('business.submit')}
        </Button>
        <Button onClick={() => navigate('/asset/list')}>{t('business.toAssetList')}</Button>
      </div>
    </form>
  );
}
