import { listSeparator } from '../../i18n/types';
import { useCallback, useMemo } from 'react';
import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { InventoryResult, type InventoryCounts, type InventoryScope } from '../../../api/contract';
import { useDepartments } from '../../hooks/useOrgData';
import { useClassifies } from '../asset/assetHooks';
import { lineResultColor } from './inventoryDisplay';

const useStyles = makeStyles({
  counts: { display: 'inline-flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
});

/**
 * An order's counts: the total, then one tag per result in the result's colour, each with
 * `data-result` and `data-count` for tests. The title holds them as one sentence.
 */
export function OrderCountsText({ counts, testId }: { counts: InventoryCounts; testId?: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const parts = [
    [InventoryResult.normal, counts.normal],
    [InventoryResult.surplus, counts.surplus],
    [InventoryResult.shortage, counts.shortage],
    [InventoryResult.pending, counts.pending],
  ] as const;
  return (
    <span className={styles.counts} title={t('inventory.counts', { ...counts })} data-testid={testId} data-total={counts.total}>
      <Text>{counts.total}</Text>
      {parts.map(([result, count]) => (
        <Badge key={result} appearance="tint" size="small" color={lineResultColor(result)} data-result={result} data-count={count}>
          {t(`inventory.result.${result}`)} {count}
        </Badge>
      ))}
    </span>
  );
}

/** What an order counts, in words: its departments, classifications and places by name. */
export function useScopeText(): (scope: InventoryScope) => string {
  const { t, i18n } = useTranslation();
  const { departments } = useDepartments();
  const { classifies } = useClassifies();
  const deptNames = useMemo(() => new Map((departments ?? []).map((d) => [d.id, d.deptName])), [departments]);
  const classifyNames = useMemo(() => new Map((classifies ?? []).map((k) => [k.id, k.classifyName])), [classifies]);
  const separator = listSeparator(i18n.language);
  return useCallback(
    (scope: InventoryScope) => {
      const parts: string[] = [];
      // A department the user no longer sees (or deleted since) shows by its number.
      if (scope.departmentIds.length > 0)
        parts.push(t('inventory.scopeDepartments', { names: scope.departmentIds.map((id) => deptNames.get(id) ?? `#${id}`).join(separator) }));
      if (scope.classifyIds.length > 0)
        parts.push(t('inventory.scopeClassifications', { names: scope.classifyIds.map((id) => classifyNames.get(id) ?? `#${id}`).join(separator) }));
      if (scope.places.length > 0) parts.push(t('inventory.scopePlaces', { names: scope.places.join(separator) }));
      return parts.length === 0 ? t('inventory.scopeAll') : parts.join(' · ');
    },
    [t, deptNames, classifyNames, separator],
  );
}
