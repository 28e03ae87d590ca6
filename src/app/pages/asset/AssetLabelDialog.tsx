/**
 * "Print labels" in the asset list (issue 16): for the selected assets, or for every asset the
 * list's filter finds (the count shown; up to MAX_LABEL_ASSETS). Choose a template (the
 * classification's default preselected when all the assets share one; "remember as default"
 * sets it), see the first labels as the engine renders them, then go on to the print page,
 * which prints through the print road (printer, settings, progress, pause, cancel, resume)
 * and pulls the assets' rows as it goes (useAssetLabelPrint.ts).
 *
 * Who may print: anyone who sees the assets (the spec gates no print route); the rows come
 * from the server within the user's scope. Templates: the general ones for everyone, the
 * company's private ones for users with a template user (spec section 6), as the server
 * enforces too.
 */
import { messageLanguage } from '../../i18n/types';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Option,
  Radio,
  RadioGroup,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AssetClassifyInfo, AssetLabelRow, AssetLabelRowsQuery, TemplateInfo } from '../../../api/contract';
import { assetDataSource } from '../../../label/asset-binding';
import { formatLabelMessage } from '../../../label/errors';
import type { LabelDocument } from '../../../label/label';
import { readLabel } from '../../../label/wdfx';
import { BrowserEngine } from '../../../print/browser/engine';
import { formatPrintError } from '../../../print/errors';
import { assetLabelApi, templateApi } from '../../api';
import { can, type SessionUser } from '../../permissions';
import { assetState, assetStore } from '../../state/assets';
import { handOverAssetLabels } from '../label/assetLabelHandover';
import { drawPage } from '../label/PagePreview';
import { initialTemplateId, sharedClassifyId, type LabelAssets } from './assetLabelChoice';
import { printOptions } from '../label/usePrintEngine';

/** Most assets one print takes (issue 16: 100,000 included). */
export const MAX_LABEL_ASSETS = 100_000;
/** Labels the dialog previews, and rows the print page previews. */
const PREVIEW_LABELS = 3;
const PREVIEW_ROWS = 20;
/** Templates listed per scope (the list call's largest page). */
const TEMPLATES_LISTED = 200;

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  previews: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'flex-start', minHeight: '60px' },
  // Shown smaller than the 203 dpi page (CSS px): smoothed, since dropping dots (pixelated)
  // made small text unreadable; two a row even on a phone (the gap is spacingHorizontalM, 12 px).
  canvas: { maxWidth: 'min(180px, calc(50% - 6px))', maxHeight: '140px', boxShadow: tokens.shadow4, backgroundColor: '#fff' },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

export interface AssetLabelDialogProps {
  user: SessionUser;
  /** Selected assets of the list (may be empty). */
  selected: readonly number[];
  /** The list's filters as the query (filterQuery) and how many assets they find. */
  filterQuery: Omit<AssetLabelRowsQuery, 'assetIds' | 'afterId' | 'limit'>;
  filteredCount: number;
  classifies: readonly AssetClassifyInfo[] | null;
  onClose: () => void;
}

type Which = LabelAssets;

export function AssetLabelDialog({ user, selected, filterQuery, filteredCount, classifies, onClose }: AssetLabelDialogProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const language = messageLanguage(i18n.language);
  const [which, setWhich] = useState<Which>(selected.length > 0 ? 'selected' : 'filtered');
  const query: AssetLabelRowsQuery = which === 'selected' ? { assetIds: selected.join(',') } : filterQuery;

  // The templates the user may print with.
  const [templates, setTemplates] = useState<TemplateInfo[] | null>(null);
  const [templatesError, setTemplatesError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      const scopes = can.usePrivateTemplates(user) ? (['private', 'public'] as const) : (['public'] as const);
      const lists = await Promise.all(scopes.map((scope) => templateApi.list({ scope, pageIndex: 1, pageSize: TEMPLATES_LISTED })));
      if (!live) return;
      const failed = lists.find((l) => !l.ok);
      if (failed && !failed.ok) return setTemplatesError(failed.message);
      setTemplates(lists.flatMap((l) => (l.ok ? l.data.templates : [])));
    })();
    return () => {
      live = false;
    };
  }, [user]);

  // The assets' first rows (preview, count, and their classifications).
  const [rows, setRows] = useState<{ rows: AssetLabelRow[]; total: number } | null>(null);
  const [rowsError, setRowsError] = useState<string | null>(null);
  const queryKey = JSON.stringify(query);
  useEffect(() => {
    let live = true;
    setRows(null);
    setRowsError(null);
    void assetLabelApi.rows({ ...query, limit: PREVIEW_ROWS }).then((r) => {
      if (!live) return;
      if (r.ok) setRows({ rows: r.data.rows, total: r.data.total });
      else setRowsError(r.message);
    });
    return () => {
      live = false;
    };
  }, [queryKey]);

  // The one classification all the assets share, if they do.
  const classify = useMemo(() => {
    const id = sharedClassifyId(which, selected.map((a) => assetState.assets[a]?.classify ?? null), filterQuery.classify, rows);
    return id === null ? null : (classifies?.find((c) => c.id === id) ?? null);
  }, [which, selected, filterQuery.classify, rows, classifies]);
  const [templateId, setTemplateId] = useState<number | null>(null);
  const chosenByUser = useRef(false);
  useEffect(() => {
    if (chosenByUser.current || !templates) return;
    setTemplateId(initialTemplateId(templates, classify?.defaultTemplateId ?? null));
  }, [templates, classify]);
  const template = templates?.find((tpl) => tpl.templateID === templateId) ?? null;
  const [remember, setRemember] = useState(false);
  const canRemember = !!classify && can.classify(user) && templateId !== null && classify.defaultTemplateId !== templateId;

  // The chosen template's label.
  const [label, setLabel] = useState<{ id: number; doc: LabelDocument } | { id: number; error: string } | null>(null);
  useEffect(() => {
    if (templateId === null) return;
    let live = true;
    setLabel(null);
    void templateApi.get(templateId).then((r) => {
      if (!live) return;
      if (!r.ok) return setLabel({ id: templateId, error: r.message });
      const read = readLabel(new TextEncoder().encode(r.data.templateContent), { locale: language });
      setLabel(read.ok ? { id: templateId, doc: read.value } : { id: templateId, error: formatLabelMessage(read.error.code, read.error.params, language) });
    });
    return () => {
      live = false;
    };
  }, [templateId, language]);

  const customNames = useMemo(() => [...new Set((classifies ?? []).flatMap((c) => c.attributes.map((a) => a.name)))], [classifies]);
  const total = rows?.total ?? (which === 'selected' ? selected.length : filteredCount);
  const tooMany = total > MAX_LABEL_ASSETS;
  const doc = label && 'doc' in label ? label.doc : null;
  const [saving, setSaving] = useState<string | null>(null);

  const proceed = async () => {
    if (!doc || !rows || !template || tooMany || rows.total === 0) return;
    if (remember && canRemember && classify) {
      const saved = await assetLabelApi.setDefaultTemplate(classify.id, template.templateID);
      if (!saved.ok) return setSaving(t('assetLabel.rememberFailed', { reason: saved.message }));
      void assetStore.loadClassifies(true);
    }
    const state = handOverAssetLabels({ doc, templateId: template.templateID, templateName: template.templateName, query, total: rows.total, customNames, preview: rows.rows });
    onClose();
    void navigate('/label/print', { state });
  };

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid="asset-label-dialog">
        <DialogBody>
          <DialogTitle>{t('assetLabel.dialogTitle')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Field label={t('assetLabel.whichAssets')}>
              <RadioGroup value={which} onChange={(_, d) => setWhich(d.value as Which)}>
                {selected.length > 0 && <Radio value="selected" label={t('assetLabel.selectedAssets', { count: selected.length })} data-testid="asset-label-selected" />}
                <Radio value="filtered" label={t('assetLabel.filteredAssets', { count: filteredCount })} data-testid="asset-label-filtered" />
              </RadioGroup>
            </Field>
            {rowsError && (
              <MessageBar intent="error">
                <MessageBarBody>{rowsError}</MessageBarBody>
              </MessageBar>
            )}
            {rows && rows.total === 0 && <Text>{t('assetLabel.noAssets')}</Text>}
            {tooMany && (
              <MessageBar intent="warning" data-testid="asset-label-too-many">
                <MessageBarBody>{t('assetLabel.tooMany', { max: MAX_LABEL_ASSETS, count: total })}</MessageBarBody>
              </MessageBar>
            )}

            <Field label={t('assetLabel.template')} validationMessage={templatesError ? t('assetLabel.templatesFailed', { reason: templatesError }) : templates?.length === 0 ? t('assetLabel.noTemplates') : undefined}>
              <Dropdown
                value={template ? templateText(template, classify, t) : ''}
                selectedOptions={templateId === null ? [] : [String(templateId)]}
                onOptionSelect={(_, d) => {
                  chosenByUser.current = true;
                  setTemplateId(d.optionValue ? Number(d.optionValue) : null);
                }}
                disabled={!templates}
                data-testid="asset-label-template"
              >
                {(templates ?? []).map((tpl) => (
                  <Option key={tpl.templateID} value={String(tpl.templateID)} text={templateText(tpl, classify, t)}>
                    {templateText(tpl, classify, t)}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            {canRemember && classify && (
              <Checkbox checked={remember} onChange={(_, d) => setRemember(!!d.checked)} label={t('assetLabel.rememberDefault', { classify: classify.classifyName })} data-testid="asset-label-remember" />
            )}

            <Text weight="semibold">{t('assetLabel.preview', { count: Math.min(PREVIEW_LABELS, rows?.rows.length ?? PREVIEW_LABELS) })}</Text>
            {label && 'error' in label ? (
              <MessageBar intent="error">
                <MessageBarBody>{t('assetLabel.previewFailed', { reason: label.error })}</MessageBarBody>
              </MessageBar>
            ) : (
              <LabelPreviews doc={doc} rows={rows?.rows.slice(0, PREVIEW_LABELS) ?? null} customNames={customNames} />
            )}
            {saving && (
              <MessageBar intent="error">
                <MessageBarBody>{saving}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('assetLabel.cancel')}</Button>
            <Button appearance="primary" disabled={!doc || !rows || rows.total === 0 || tooMany || !template} onClick={() => void proceed()} data-testid="asset-label-continue">
              {t('assetLabel.continue')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

// TFunction: ReturnType<typeof useTranslation>['t'] is too deep for the type checker (TS2589).
function templateText(tpl: TemplateInfo, classify: AssetClassifyInfo | null, t: TFunction): string {
  const scope = tpl.scope === 'public' ? t('assetLabel.templatePublic') : t('assetLabel.templatePrivate');
  const isDefault = classify && classify.defaultTemplateId === tpl.templateID ? t('assetLabel.classifyDefault', { classify: classify.classifyName }) : '';
  return `${tpl.templateName} · ${scope}${isDefault}`;
}

/** The first labels as the printer gets them (the engine's 1-bit pages at 203 dpi). */
function LabelPreviews({ doc, rows, customNames }: { doc: LabelDocument | null; rows: AssetLabelRow[] | null; customNames: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const locale = messageLanguage(i18n.language);
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'rendering' | 'shown' | string>('rendering');
  useEffect(() => {
    if (!doc || !rows) return;
    let live = true;
    setState('rendering');
    void (async () => {
      try {
        const engine = await BrowserEngine.load();
        const job = await engine.openJob(doc, assetDataSource(rows, customNames), printOptions(203, Date.now()));
        if (!live) return;
        if (!job.ok) return setState(formatPrintError(job.error, locale));
        const canvases = box.current?.querySelectorAll('canvas') ?? [];
        for (let i = 0; i < canvases.length && i < job.value.labelPages; i++) {
          const page = job.value.page(job.value.pageCount === job.value.labelPages ? i : i * 2);
          if (!page.ok) return setState(formatPrintError(page.error, locale));
          drawPage(canvases[i]!, page.value);
        }
        setState('shown');
      } catch (e) {
        if (live) setState(e instanceof Error ? e.message : String(e));
      }
    })();
    return () => {
      live = false;
    };
  }, [doc, rows, customNames, locale]);
  const failed = state !== 'rendering' && state !== 'shown';
  return (
    <div className={styles.previews} ref={box} data-testid="asset-label-previews" data-state={failed ? 'failed' : state}>
      {(!doc || !rows || state === 'rendering') && (
        <div className={styles.row}>
          <Spinner size="tiny" />
          <Text>{t('assetLabel.previewLoading')}</Text>
        </div>
      )}
      {failed && <Text>{t('assetLabel.previewFailed', { reason: state })}</Text>}
      {(rows ?? []).map((r) => (
        <canvas key={r.assetId} className={styles.canvas} hidden={failed} data-testid="asset-label-preview" data-asset={r.assetId} />
      ))}
    </div>
  );
}
