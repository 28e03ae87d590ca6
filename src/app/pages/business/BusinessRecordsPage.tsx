import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { CellText } from '../../components/CellText';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { BUSINESS_TYPES, type BusinessType } from '../../../api/contract';
import { businessApi } from '../../api';
import { ListCount, ListFrame } from '../../components/ListFrame';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { usePagedList } from '../../hooks/usePagedList';
import { assetState } from '../../state/assets';
import { session } from '../../state/session';
import { settings } from '../../state/settings';
import { useStaffOptions } from '../asset/assetHooks';
import { AssetStaffSelect } from '../asset/AssetStaffSelect';
import { formatBusinessTime } from './businessDisplay';
import { isFiltered, stateFromParams, stateToParams, toListQuery, type BusinessListState } from './businessListUrl';
import { BusinessLineRows } from './BusinessOutcome';

/** How long the asset search waits for typing to stop (ms). */
const SEARCH_DEBOUNCE_MS = 300;

const useStyles = makeStyles({
  filter: { minWidth: '180px' },
  // Eight columns: below this they overlap; narrower screens scroll the table instead.
  table: { minWidth: '760px' },
  row: { cursor: 'pointer' },
  surface: { maxWidth: 'min(1000px, 95vw)' },
});

/**
 * /asset/business: the transaction records the user sees (their scope), newest first;
 * filters by type, time range, person and asset (code or name, or one asset from its page);
 * paged. A record opens its details: each asset before and after. All of it in the address
 * (businessListUrl.ts).
 */
export default function BusinessRecordsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const { user } = useSnapshot(session);
  const { language } = useSnapshot(settings);
  const { assetRevision } = useSnapshot(assetState);
  const { staff } = useStaffOptions();
  const state = stateFromParams(params);
  const go = (next: BusinessListState, replace = false) => setParams(stateToParams(next), { replace });
  // A new filter starts again at page 1 and closes the record.
  const filter = (patch: Partial<BusinessListState>) => go({ ...state, ...patch, page: 1, record: null });

  const [typed, setTyped] = useState(state.search);
  const settled = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (settled !== state.search) filter({ search: settled });
  }, [settled]);

  // What narrows the list; the page and the opened record do not.
  const { page: _page, record: _record, ...filters } = state;
  const list = usePagedList({
    name: 'business-list',
    enabled: !!user,
    filters,
    deps: [user?.loginID, language, assetRevision],
    fetchPage: (page, pageSize) => businessApi.list(toListQuery({ ...state, page }, pageSize)),
    totalOf: (page) => page.filterBusinessCount,
  });
  const { data, total } = list;
  const typeName = (type: BusinessType) => t(`business.type.${type}`);

  return (
    <>
      <ListFrame
        title={t('business.records.title')}
        count={<ListCount testId="business-count" value={data ? total : null} text={t('business.records.count', { count: total })} />}
        toolbar={
          <>
            <Field label={t('business.column.type')} className={styles.filter}>
              <Dropdown
                multiselect
                value={state.types.length === 0 ? t('business.records.allTypes') : state.types.length === 1 ? typeName(state.types[0]!) : t('business.records.typesChosen', { count: state.types.length })}
                selectedOptions={state.types}
                onOptionSelect={(_, d) => filter({ types: BUSINESS_TYPES.filter((each) => d.selectedOptions.includes(each)) })}
                data-testid="business-type-filter"
              >
                {BUSINESS_TYPES.map((each) => (
                  <Option key={each} value={each}>
                    {typeName(each)}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label={t('business.records.from')}>
              <Input type="date" value={state.from} onChange={(_, d) => filter({ from: d.value })} data-testid="business-from" />
            </Field>
            <Field label={t('business.records.to')}>
              <Input type="date" value={state.to} onChange={(_, d) => filter({ to: d.value })} data-testid="business-to" />
            </Field>
            <Field label={t('business.column.person')} className={styles.filter}>
              {staff && (
                <AssetStaffSelect
                  staff={staff}
                  value={state.staff}
                  noneLabel={t('business.records.allPersons')}
                  onChange={(s) => filter({ staff: s?.id ?? null })}
                  data-testid="business-staff-filter"
                />
              )}
            </Field>
            <Field label={t('business.assets')} className={styles.filter}>
              <Input value={typed} placeholder={t('business.records.search')} onChange={(_, d) => setTyped(d.value)} data-testid="business-search" />
            </Field>
            {state.assetId !== null && (
              <Button onClick={() => filter({ assetId: null })} data-testid="business-asset-filter">
                {t('business.records.assetFilter', { id: state.assetId })} ✕
              </Button>
            )}
            {isFiltered(state) && (
              <Button
                appearance="subtle"
                onClick={() => {
                  setTyped('');
                  go({ types: [], from: '', to: '', staff: null, assetId: null, search: '', page: 1, record: null });
                }}
              >
                {t('business.records.clearFilters')}
              </Button>
            )}
          </>
        }
        {...list.frame}
        errorTestId="business-list-error"
        empty={
          data && data.businesses.length === 0
            ? { text: isFiltered(state) ? t('business.records.noMatch') : t('business.records.empty'), testId: 'business-empty' }
            : null
        }
      >
        <Table size="small" className={styles.table} aria-label={t('business.records.title')} data-testid="business-table">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('business.column.record')}</TableHeaderCell>
              <TableHeaderCell>{t('business.column.time')}</TableHeaderCell>
              <TableHeaderCell>{t('business.column.type')}</TableHeaderCell>
              <TableHeaderCell>{t('business.column.dept')}</TableHeaderCell>
              <TableHeaderCell>{t('business.column.person')}</TableHeaderCell>
              <TableHeaderCell>{t('business.records.assets')}</TableHeaderCell>
              <TableHeaderCell>{t('business.column.operator')}</TableHeaderCell>
              <TableHeaderCell>{t('business.records.remark')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {(data?.businesses ?? []).map((record) => (
              <TableRow
                key={record.id}
                className={styles.row}
                tabIndex={0}
                onClick={() => go({ ...state, record: record.id })}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') go({ ...state, record: record.id });
                }}
                data-testid="business-row"
                data-record={record.id}
                data-type={record.type}
              >
                <TableCell>{record.id}</TableCell>
                <TableCell>{formatBusinessTime(record.businessTime)}</TableCell>
                <TableCell>{typeName(record.type)}</TableCell>
                <TableCell><CellText value={record.deptName} /></TableCell>
                <TableCell><CellText value={record.staffName} /></TableCell>
                <TableCell>{record.assetCount}</TableCell>
                <TableCell><CellText value={record.operatorName} /></TableCell>
                <TableCell><CellText value={record.remark} /></TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListFrame>

      {state.record !== null && <RecordDialog id={state.record} onClose={() => go({ ...state, record: null })} />}
    </>
  );
}

/** One record and its assets, each before and after (GET api/Business/Details). */
function RecordDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { language } = useSnapshot(settings);
  const { data, error } = useSWR(['business-details', id, language] as const, async () => {
    const result = await businessApi.details(id);
    if (!result.ok) throw new Error(result.message);
    return result.data;
  });
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={styles.surface} data-testid="business-details">
        <DialogBody>
          <DialogTitle>{data ? t('business.records.details', { id: data.id, type: t(`business.type.${data.type}`) }) : `#${id}`}</DialogTitle>
          <DialogContent>
            {error && (
              <MessageBar intent="error">
                <MessageBarBody>{(error as Error).message}</MessageBarBody>
              </MessageBar>
            )}
            {!data && !error && <Spinner size="small" />}
            {data && (
              <>
                <Text block>
                  {formatBusinessTime(data.businessTime)} · {data.operatorName}
                  {data.staffName ? ` · ${t('business.column.person')}: ${data.staffName}` : ''}
                  {data.reason ? ` · ${t('business.field.reason')}: ${data.reason}` : ''}
                  {data.repairCost !== null ? ` · ${t('business.field.repairCost')}: ${data.repairCost}` : ''}
                  {data.planReturnTime ? ` · ${t('business.field.planReturnTime')}: ${formatBusinessTime(data.planReturnTime)}` : ''}
                </Text>
                <BusinessLineRows lines={data.assets} />
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} data-testid="business-details-close">
              {t('business.records.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
