import {
  Button,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  SearchBox,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular, FilterRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPIRY_BANDS, type AssetClassifyInfo, type AssetUseStatusValue, type ExpiryBand, type StaffInfo } from '../../../api/contract';
import { DepartmentSelect } from '../../components/DepartmentSelect';
import { FilterDropdown } from '../../components/FilterDropdown';
import type { DeptTree } from '../../state/departmentTree';
import { AssetStaffSelect } from './AssetStaffSelect';
import { EXPIRY_BAND_LABELS, isFiltered, NO_FILTERS, USE_STATUSES, type AssetFilters } from './assetListQuery';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', alignItems: 'end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  search: { width: '320px', maxWidth: '100%' },
  select: { width: '200px' },
  date: { width: '160px' },
});

/**
 * The asset list's filters: text, classification, department (with sub-departments), user;
 * behind "more filters" the use statuses, expiry bands and purchase dates. `search` is the
 * typed text (the page debounces it).
 */
export function AssetFilterBar({
  filters,
  onChange,
  classifies,
  tree,
  staff,
}: {
  filters: AssetFilters;
  onChange: (filters: AssetFilters) => void;
  classifies: readonly AssetClassifyInfo[] | null;
  tree: DeptTree | null;
  staff: readonly StaffInfo[] | null;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [more, setMore] = useState(
    filters.statuses.length > 0 || filters.expiryBands.length > 0 || filters.buyDateFrom !== '' || filters.buyDateTo !== '',
  );
  const set = (change: Partial<AssetFilters>) => onChange({ ...filters, ...change });

  return (
    <div className={styles.root}>
      <div className={styles.row}>
        <SearchBox
          className={styles.search}
          placeholder={t('asset.searchPlaceholder')}
          value={filters.search}
          onChange={(_, d) => set({ search: d.value })}
          data-testid="asset-search"
        />
        <FilterDropdown
          className={styles.select}
          label={t('asset.field.classify')}
          allText={t('asset.allClassifies')}
          value={filters.classify}
          choices={(classifies ?? []).map((k) => ({ value: k.id, text: k.classifyName }))}
          onChange={(classify) => set({ classify })}
          testId="asset-classify-filter"
        />
        {tree && (
          <div className={styles.select}>
            <DepartmentSelect
              tree={tree}
              value={filters.dept}
              onChange={(dept) => set({ dept })}
              noneLabel={t('asset.allDepartments')}
              aria-label={t('asset.field.affiliatedDept')}
              data-testid="asset-dept-filter"
            />
          </div>
        )}
        {staff && (
          <div className={styles.select}>
            <AssetStaffSelect
              staff={staff}
              value={filters.staff}
              onChange={(s) => set({ staff: s?.id ?? null })}
              noneLabel={t('asset.allStaff')}
              aria-label={t('asset.field.affiliatedStaff')}
              data-testid="asset-staff-filter"
            />
          </div>
        )}
        <Button appearance={more ? 'secondary' : 'subtle'} icon={<FilterRegular />} onClick={() => setMore(!more)} data-testid="asset-more-filters">
          {t('asset.moreFilters')}
        </Button>
        {isFiltered(filters) && (
          <Button appearance="subtle" icon={<DismissRegular />} onClick={() => onChange(NO_FILTERS)} data-testid="asset-clear-filters">
            {t('asset.clearFilters')}
          </Button>
        )}
      </div>
      {more && (
        <div className={styles.row}>
          <Field label={t('asset.field.status')}>
            <Dropdown
              className={styles.select}
              multiselect
              value={filters.statuses.length === 0 ? t('asset.allStatuses') : filters.statuses.length === 1 ? t(USE_STATUSES.find((s) => s.value === filters.statuses[0])!.labelKey) : t('asset.statusesChosen', { count: filters.statuses.length })}
              selectedOptions={filters.statuses.map(String)}
              onOptionSelect={(_, d) => set({ statuses: d.selectedOptions.map(Number) as AssetUseStatusValue[] })}
              data-testid="asset-status-filter"
            >
              {USE_STATUSES.map((s) => (
                <Option key={s.value} value={String(s.value)}>
                  {t(s.labelKey)}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Field label={t('asset.field.expiry')}>
            <Dropdown
              className={styles.select}
              multiselect
              value={filters.expiryBands.length === 0 ? t('asset.allBands') : filters.expiryBands.length === 1 ? t(EXPIRY_BAND_LABELS[filters.expiryBands[0]]) : t('asset.bandsChosen', { count: filters.expiryBands.length })}
              selectedOptions={filters.expiryBands}
              onOptionSelect={(_, d) => set({ expiryBands: d.selectedOptions as ExpiryBand[] })}
              data-testid="asset-band-filter"
            >
              {EXPIRY_BANDS.map((band) => (
                <Option key={band} value={band}>
                  {t(EXPIRY_BAND_LABELS[band])}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Field label={t('asset.buyDateFrom')}>
            <Input className={styles.date} type="date" value={filters.buyDateFrom} onChange={(_, d) => set({ buyDateFrom: d.value })} data-testid="asset-date-from" />
          </Field>
          <Field label={t('asset.buyDateTo')}>
            <Input className={styles.date} type="date" value={filters.buyDateTo} onChange={(_, d) => set({ buyDateTo: d.value })} data-testid="asset-date-to" />
          </Field>
        </div>
      )}
    </div>
  );
}
