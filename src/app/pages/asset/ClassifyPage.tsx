import { useMemo, useState } from 'react';
import {
  Badge,
  Button,
  makeStyles,
  SearchBox,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { AddRegular, BoxSearchRegular, DeleteRegular, EditRegular, TagMultipleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AttributeType, type AssetClassifyInfo } from '../../../api/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListFrame } from '../../components/ListFrame';
import { isRecordChanged } from '../../hooks/useRecordChanged';
import { notify } from '../../notify';
import { assetStore } from '../../state/assets';
import { useClassifies } from './assetHooks';
import { ClassifyDialog } from './ClassifyDialog';
import { attributeTypeLabel } from './classifyForm';

const useStyles = makeStyles({
  search: { width: '260px', maxWidth: '100%' },
  table: { minWidth: '720px' },
  headerRow: { backgroundColor: tokens.colorNeutralBackground3 },
  name: { fontWeight: tokens.fontWeightSemibold },
  attributes: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, paddingBlock: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXXS, justifyContent: 'flex-end' },
});

type DialogState = { kind: 'create' } | { kind: 'edit'; classify: AssetClassifyInfo } | { kind: 'delete'; classify: AssetClassifyInfo } | null;

/**
 * /asset/classify (301): the classifications with their custom attributes and asset counts;
 * create, edit (name and attributes) and delete (refused by the server while assets use it,
 * its message shown in the confirmation).
 */
export default function ClassifyPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { classifies, error, retry } = useClassifies();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<DialogState>(null);

  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (classifies ?? []).filter((k) => needle === '' || k.classifyName.toLowerCase().includes(needle));
  }, [classifies, search]);

  const otherNames = (id?: number) => (classifies ?? []).filter((k) => k.id !== id).map((k) => k.classifyName);

  const filtered = search.trim() !== '';
  const create = (testId: string) => (
    <Button appearance="primary" icon={<AddRegular />} disabled={!classifies} onClick={() => setDialog({ kind: 'create' })} data-testid={testId}>
      {t('classify.create')}
    </Button>
  );

  return (
    <>
      <ListFrame
        title={t('classify.title')}
        actions={
          <>
            <SearchBox className={styles.search} placeholder={t('classify.searchPlaceholder')} value={search} onChange={(_, d) => setSearch(d.value)} />
            {create('classify-create')}
          </>
        }
        loading={!classifies && !error}
        error={error}
        onRetry={retry}
        errorTestId="classify-error"
        empty={
          classifies && rows.length === 0
            ? {
                icon: <TagMultipleRegular />,
                text: filtered ? t('classify.noMatch') : t('classify.empty'),
                action: filtered ? undefined : create('classify-empty-create'),
                testId: 'classify-empty',
              }
            : null
        }
      >
        <Table className={styles.table} aria-label={t('classify.title')} data-testid="classify-table">
          <TableHeader>
            <TableRow className={styles.headerRow}>
              <TableHeaderCell style={{ width: '220px' }}>{t('classify.name')}</TableHeaderCell>
              <TableHeaderCell>{t('classify.attributes')}</TableHeaderCell>
              <TableHeaderCell style={{ width: '100px' }}>{t('classify.assetCount')}</TableHeaderCell>
              <TableHeaderCell style={{ width: '132px' }}>
                <span className={styles.actions} style={{ width: '100%' }}>
                  {t('common.actions')}
                </span>
              </TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((classify) => (
              <TableRow key={classify.id} data-testid="classify-row" data-name={classify.classifyName}>
                <TableCell className={styles.name}>{classify.classifyName}</TableCell>
                <TableCell>
                  <div className={styles.attributes} data-testid="classify-attributes">
                    {classify.attributes.length === 0 && <span className={styles.muted}>{t('classify.noAttributes')}</span>}
                    {classify.attributes.map((a) => (
                      <Tooltip
                        key={a.name}
                        relationship="description"
                        content={a.attributeType === AttributeType.select ? (a.items ?? []).join(' / ') : t(attributeTypeLabel(a.attributeType))}
                      >
                        <Badge appearance="tint" color="brand" shape="rounded">
                          {a.name} · {t(attributeTypeLabel(a.attributeType))}
                        </Badge>
                      </Tooltip>
                    ))}
                  </div>
                </TableCell>
                <TableCell data-testid="classify-count">{classify.assetCount}</TableCell>
                <TableCell>
                  <div className={styles.actions}>
                    <Tooltip content={t('classify.viewAssets')} relationship="label">
                      <Button
                        appearance="subtle"
                        size="small"
                        icon={<BoxSearchRegular />}
                        onClick={() => navigate(`/asset/list?classify=${classify.id}`)}
                        data-testid="classify-view-assets"
                      />
                    </Tooltip>
                    <Tooltip content={t('common.edit')} relationship="label">
                      <Button appearance="subtle" size="small" icon={<EditRegular />} onClick={() => setDialog({ kind: 'edit', classify })} data-testid="classify-edit" />
                    </Tooltip>
                    <Tooltip content={t('common.delete')} relationship="label">
                      <Button appearance="subtle" size="small" icon={<DeleteRegular />} onClick={() => setDialog({ kind: 'delete', classify })} data-testid="classify-delete" />
                    </Tooltip>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListFrame>

      {dialog?.kind === 'create' && <ClassifyDialog otherNames={otherNames()} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <ClassifyDialog classify={dialog.classify} otherNames={otherNames(dialog.classify.id)} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('classify.deleteTitle')}
          message={t('classify.deleteConfirm', { name: dialog.classify.classifyName })}
          onConfirm={async () => {
            const result = await assetStore.deleteClassify(dialog.classify.id, dialog.classify.version);
            // Changed by someone else: the list reloads to show it as it is now.
            if (isRecordChanged(result)) void assetStore.loadClassifies(true);
            if (!result.ok) return result.message;
            notify('success', t('classify.deleted'));
            return null;
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
