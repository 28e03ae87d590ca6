import { useMemo, useState } from 'react';
import {
  makeStyles,
  SearchBox,
  Tag,
  TagGroup,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ancestorIds, filterTree, flattenTree, type DeptTree } from '../state/departmentTree';
import { DeptTreeView } from './DeptTreeView';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalS,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  tags: { flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  list: { maxHeight: '200px', overflowY: 'auto' },
  hint: { color: tokens.colorNeutralForeground3 },
});

/**
 * Picks several departments with checkboxes (a sub-user's custom scope); each chosen one
 * stands for itself and its sub-departments. The chosen ones show as dismissible tags.
 */
export function DepartmentChecklist({
  tree,
  values,
  onChange,
  'data-testid': testId,
}: {
  tree: DeptTree;
  values: readonly number[];
  onChange: (ids: number[]) => void;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [query, setQuery] = useState('');
  // Two levels open (the company and its departments), and the way down to each chosen one.
  const [openIds, setOpenIds] = useState<Set<number>>(() => {
    const ids = new Set(flattenTree(tree).filter((n) => n.depth < 2 && n.children.length > 0).map((n) => n.dept.id));
    for (const id of values) for (const a of ancestorIds(tree, id)) ids.add(a);
    return ids;
  });
  const visible = useMemo(() => filterTree(tree, query), [tree, query]);
  const checked = useMemo(() => new Set(values), [values]);
  const chosen = values.flatMap((id) => {
    const node = tree.byId.get(id);
    return node ? [node] : [];
  });

  return (
    <div className={styles.root} data-testid={testId}>
      {chosen.length > 0 ? (
        <TagGroup
          className={styles.tags}
          size="small"
          onDismiss={(_, d) => onChange(values.filter((id) => id !== Number(d.value)))}
          aria-label={t('dept.chosen')}
        >
          {chosen.map((node) => (
            <Tag key={node.dept.id} value={String(node.dept.id)} dismissible dismissIcon={{ 'aria-label': t('common.remove') }} shape="circular">
              {node.dept.deptName}
            </Tag>
          ))}
        </TagGroup>
      ) : (
        <Text size={200} className={styles.hint}>
          {t('dept.chooseSeveral')}
        </Text>
      )}
      <SearchBox
        size="small"
        placeholder={t('dept.filterPlaceholder')}
        value={query}
        onChange={(_, d) => setQuery(d.value)}
        data-testid={testId ? `${testId}-search` : undefined}
      />
      <div className={styles.list}>
        <DeptTreeView
          tree={tree}
          aria-label={t('dept.tree')}
          visible={visible}
          openIds={openIds}
          onOpenIdsChange={setOpenIds}
          checkedIds={checked}
          onCheckedChange={(id, on) => onChange(on ? [...values.filter((v) => v !== id), id] : values.filter((v) => v !== id))}
        />
      </div>
    </div>
  );
}
