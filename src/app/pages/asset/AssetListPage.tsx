import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular, BoxSearchRegular, DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { isRecordChanged } from '../../hooks/useRecordChanged';
import { Permission, type AssetInfo } from '../../../api/contract';
import { assetApi } from '../../api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListCount, ListFrame } from '../../components/ListFrame';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { useDepartments } from '../../hooks/useOrgData';
import { usePagedList } from '../../hooks/usePagedList';
import { notify } from '../../notify';
import { hasPermission } from '../../permissions';
import { assetState, assetStore } from '../../state/assets';
import { session } from '../../state/session';
import { assetColumnSettings, setHiddenAssetColumns, settings, storedHiddenAssetColumns } from '../../state/settings';
import { AssetColumnChooser } from './AssetColumnChooser';
import { shownColumns } from './assetColumns';
import { AssetFilterBar } from './AssetFilterBar';
import { useClassifies, useStaffOptions } from './assetHooks';
import { saveBase64File } from './assetDisplay';
import { filterQuery, isFiltered, listQuery, nextSort, stateFromParams, stateToParams, type AssetFilters, type AssetListState } from './assetListQuery';
import { AssetTable } from './AssetTable';
import { BusinessActionMenu } from '../business/BusinessActionMenu';
import { AssetLabelButton } from './AssetLabelButton';

/** How long the search box waits for typing to stop before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;

type DialogState =
  | { kind: 'delete'; asset: AssetInfo }
  | { kind: 'deleteMany'; assets: { id: number; version: number }[] }
  | null;

/**
 * /asset/list: the asset register. Filters (text debounced, classification, department with
 * sub-departments, user, statuses, expiry bands, purchase dates), sort by any column, paging
 * (the page size is remembered), the filtered count, remaining value and expiry; register
 * (101), edit (102), delete one or the selected ones (103); export of the filtered list.
 * Filters, order and page live in the address (assetListQuery's stateFromParams), so reload,
 * back and a shared link keep them; each change is a history step, except typing in the
 * search box, which replaces the current step once typing stops. The shown columns are
 * remembered per user.
 */
export default function AssetListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { user } = useSnapshot(session);
  const { language } = useSnapshot(settings);
  const columnSnap = useSnapshot(assetColumnSettings);
  const snap = useSnapshot(assetState);
  const { tree } = useDepartments();
  const { classifies } = useClassifies();
  const { staff } = useStaffOptions();
  const urlState = useMemo(() => stateFromParams(params), [params]);
  const { filters: effective, sort } = urlState;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<DialogState>(null);
  const [exporting, setExporting] = useState(false);

  const hidden = user ? (columnSnap.hidden[user.Id] ?? storedHiddenAssetColumns(user.Id)) : [];
  const columns = useMemo(() => shownColumns(hidden), [hidden]);

  const go = (next: AssetListState, replace = false) => setParams(stateToParams(next), { replace });

  // The search box shows what is typed; the address (and so the query) follows once typing
  // stops. `written` is the search text the address was last given from here, so an address
  // change from elsewhere (back, a link) can be told apart and shown in the box.
  const [typed, setTyped] = useState(effective.search);
  const written = useRef(effective.search);
  const settled = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const latest = useRef(urlState);
  latest.current = urlState;
  useEffect(() => {
    if (settled === latest.current.filters.search || settled !== typed) return;
    written.current = settled;
    // A new search starts again at page 1.
    go({ ...latest.current, filters: { ...latest.current.filters, search: settled }, page: 1 }, true);
    // Only a settled change of the typed text writes the address.
  }, [settled]);
  useEffect(() => {
    if (effective.search === written.current) return;
    written.current = effective.search;
    setTyped(effective.search);
  }, [effective.search]);

  const changeFilters = (next: AssetFilters) => {
    setTyped(next.search);
    const { search: _typed, ...rest } = next;
    const { search: _current, ...current } = effective;
    if (JSON.stringify(rest) === JSON.stringify(current)) return;
    // Another filter: a history step, with the text as typed; a new filter starts at page 1.
    // A date typed digit by digit replaces the step rather than making one per digit.
    const datesOnly = JSON.stringify({ ...rest, buyDateFrom: '', buyDateTo: '' }) === JSON.stringify({ ...current, buyDateFrom: '', buyDateTo: '' });
    written.current = next.search;
    go({ filters: next, sort, page: 1 }, datesOnly);
  };

  const canAdd = !!user && hasPermission(user, Permission.assetAdd);
  const canEdit = !!user && hasPermission(user, Permission.assetEdit);
  const canDelete = !!user && hasPermission(user, Permission.assetDelete);

  // The page is the address's too (URL_KEYS.page is the hook's `page`).
  const list = usePagedList({
    name: 'asset-list',
    enabled: !!user,
    filters: { query: filterQuery(effective), sort },
    deps: [user?.loginID, language, snap.assetRevision],
    fetchPage: (pageIndex, pageSize) => assetStore.fetchAssetPage(listQuery(effective, sort, pageIndex, pageSize)),
    totalOf: (page) => page.total,
  });
  const { data, total } = list;

  const rows = useMemo(() => (data ? data.ids.flatMap((id) => (snap.assets[id] ? [snap.assets[id] as AssetInfo] : [])) : []), [data, snap.assets]);

  // Selections hold only assets still listed on this page.
  useEffect(() => {
    setSelected((s) => {
      const listed = new Set(rows.map((a) => a.id));
      const kept = [...s].filter((id) => listed.has(id));
      return kept.length === s.size ? s : new Set(kept);
    });
  }, [rows]);

  const exportList = async () => {
    setExporting(true);
    const result = await assetApi.exportList(filterQuery(effective));
    setExporting(false);
    if (!result.ok) {
      notify('error', result.message);
      return;
    }
    saveBase64File(result.data.fileName, result.data.fileData, result.data.mimeType);
    notify('success', t('asset.exported', { count: result.data.rowCount ?? 0 }));
  };

  const deleteSelected = () => {
    if (selected.size === 0) notify('warning', t('asset.selectRequired'));
    // Each as the list shows it: an asset changed meanwhile refuses the whole delete (31).
    else setDialog({ kind: 'deleteMany', assets: [...selected].map((id) => ({ id, version: assetState.assets[id]?.version ?? 0 })) });
  };

  const create = (testId: string) => (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => navigate('/asset/info')} data-testid={testId}>
      {t('asset.create')}
    </Button>
  );
  return (
    <>
      <ListFrame
        title={t('asset.listTitle')}
        count={<ListCount testId="asset-count" value={data ? total : null} text={t('asset.filteredCount', { count: total })} />}
        actions={
          <>
            {user && <AssetColumnChooser hidden={hidden} onChange={(next) => setHiddenAssetColumns(user.Id, next)} />}
            <Button icon={<ArrowDownloadRegular />} disabled={exporting || !data} onClick={() => void exportList()} data-testid="asset-export">
              {exporting ? t('asset.exporting') : t('asset.export')}
            </Button>
            {user && <BusinessActionMenu user={user} selected={selected} />}
            {user && <AssetLabelButton user={user} selected={[...selected]} filterQuery={filterQuery(effective)} filteredCount={total} classifies={classifies} />}
            {canDelete && (
              <Button icon={<DeleteRegular />} onClick={deleteSelected} data-testid="asset-delete-selected">
                {selected.size > 0 ? `${t('asset.deleteSelected')} (${selected.size})` : t('asset.deleteSelected')}
              </Button>
            )}
            {canAdd && create('asset-create')}
          </>
        }
        toolbar={<AssetFilterBar filters={{ ...effective, search: typed }} onChange={changeFilters} classifies={classifies} tree={tree} staff={staff} />}
        {...list.frame}
        errorTestId="asset-error"
        empty={
          data && rows.length === 0
            ? {
                icon: <BoxSearchRegular />,
                text: isFiltered(effective) ? t('asset.noMatch') : t('asset.empty'),
                action: !isFiltered(effective) && canAdd ? create('asset-empty-create') : undefined,
                testId: 'asset-empty',
              }
            : null
        }
        capHeight
        bodyTestId="asset-table-box"
      >
        <AssetTable
          rows={rows}
          columns={columns}
          sort={sort}
          onSort={(k) => go({ filters: effective, sort: nextSort(sort, k), page: 1 })}
          selected={selected}
          onSelectedChange={setSelected}
          canEdit={canEdit}
          canDelete={canDelete}
          onOpen={(asset) => navigate(`/asset/listinfo?id=${asset.id}`)}
          onEdit={(asset) => navigate(`/asset/info?id=${asset.id}`)}
          onDelete={(asset) => setDialog({ kind: 'delete', asset })}
        />
      </ListFrame>

      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('asset.deleteTitle')}
          message={t('asset.deleteConfirm', { name: dialog.asset.assetName, code: dialog.asset.assetCoding })}
          onConfirm={async () => {
            const result = await assetStore.deleteAsset(dialog.asset.id, dialog.asset.version);
            // Changed by someone else: the list reloads, so the asset can be looked at again.
            if (isRecordChanged(result)) assetStore.assetsChanged();
            if (!result.ok) return result.message;
            notify('success', t('asset.deleted'));
            return null;
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'deleteMany' && (
        <ConfirmDialog
          title={t('asset.deleteAllTitle')}
          message={t('asset.deleteAllConfirm', { count: dialog.assets.length })}
          onConfirm={async () => {
            const result = await assetStore.deleteAssets(dialog.assets);
            if (isRecordChanged(result)) assetStore.assetsChanged();
            if (!result.ok) return result.message;
            setSelected(new Set());
            notify('success', t('asset.deletedMany', { count: result.data.deleted }));
            return null;
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
