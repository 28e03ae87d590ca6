import { useMemo, useState } from 'react';
import {
  Button,
  Divider,
  makeStyles,
  mergeClasses,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  SearchBox,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ChevronDownRegular, PeopleTeamRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { ancestorIds, deptPathName, filterTree, flattenTree, type DeptTree } from '../state/departmentTree';
import { DeptTreeView } from './DeptTreeView';

const useStyles = makeStyles({
  trigger: {
    width: '100%',
    justifyContent: 'space-between',
    fontWeight: tokens.fontWeightRegular,
    minWidth: 0,
    paddingInline: tokens.spacingHorizontalM,
  },
  label: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0, overflow: 'hidden' },
  text: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  placeholder: { color: tokens.colorNeutralForeground4 },
  end: { flexShrink: 0 },
  surface: {
    width: '320px',
    maxWidth: 'calc(100vw - 32px)',
    padding: tokens.spacingHorizontalS,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  list: { maxHeight: '320px', overflowY: 'auto' },
  none: { justifyContent: 'flex-start', fontWeight: tokens.fontWeightRegular },
  empty: { padding: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground3 },
});

export interface DepartmentSelectProps {
  tree: DeptTree;
  value: number | null;
  onChange: (id: number | null) => void;
  /** Offers an entry for "no department" (null) with this label, e.g. "All departments". */
  noneLabel?: string;
  placeholder?: string;
  /** Shown but not selectable. */
  disabledIds?: ReadonlySet<number>;
  /** The trigger shows the full path ("Company / Tech / R&D") rather than the name alone. */
  showPath?: boolean;
  'data-testid'?: string;
  'aria-label'?: string;
  id?: string;
  appearance?: 'outline' | 'subtle';
  /** Set by a surrounding Field. */
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/**
 * Picks one department from the tree in a popover, with a name filter. The trigger is a
 * button (usable as a Field's control); `data-testid` names the trigger and, suffixed with
 * "-tree", the tree inside.
 */
export function DepartmentSelect(props: DepartmentSelectProps) {
  const { tree, value, onChange, noneLabel } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [openIds, setOpenIds] = useState<Set<number>>(new Set());
  const visible = useMemo(() => filterTree(tree, query), [tree, query]);

  const selected = value === null ? undefined : tree.byId.get(value);
  const label = selected ? (props.showPath ? deptPathName(tree, selected.dept.id) : selected.dept.deptName) : value === null ? noneLabel : undefined;

  const openPopover = (next: boolean) => {
    if (next) {
      // Two levels open (the company and its departments), and the way down to the choice.
      const ids = new Set(flattenTree(tree).filter((n) => n.depth < 2 && n.children.length > 0).map((n) => n.dept.id));
      if (value !== null) for (const a of ancestorIds(tree, value)) ids.add(a);
      setOpenIds(ids);
      setQuery('');
    }
    setOpen(next);
  };

  const choose = (id: number | null) => {
    onChange(id);
    setOpen(false);
  };

  return (
    <Popover open={open} onOpenChange={(_, d) => openPopover(d.open)} positioning="below-start" trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Button
          id={props.id}
          className={styles.trigger}
          appearance={props.appearance ?? 'outline'}
          aria-haspopup="tree"
          aria-label={props['aria-label']}
          aria-labelledby={props['aria-labelledby']}
          aria-describedby={props['aria-describedby']}
          aria-invalid={props['aria-invalid']}
          data-testid={props['data-testid']}
          data-value={value ?? ''}
        >
          <span className={styles.label}>
            <PeopleTeamRegular />
            <span className={mergeClasses(styles.text, !label && styles.placeholder)}>{label ?? props.placeholder ?? t('dept.choose')}</span>
          </span>
          <ChevronDownRegular className={styles.end} />
        </Button>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface}>
        <SearchBox
          size="small"
          placeholder={t('dept.filterPlaceholder')}
          value={query}
          onChange={(_, d) => setQuery(d.value)}
          data-testid={props['data-testid'] ? `${props['data-testid']}-search` : undefined}
        />
        {noneLabel && (
          <>
            <Button appearance="subtle" className={styles.none} onClick={() => choose(null)} data-testid="dept-option-none">
              {noneLabel}
            </Button>
            <Divider />
          </>
        )}
        <div className={styles.list}>
          {visible && visible.size === 0 ? (
            <Text className={styles.empty} block>
              {t('dept.noMatch')}
            </Text>
          ) : (
            <DeptTreeView
              tree={tree}
              aria-label={props['aria-label'] ?? t('dept.tree')}
              visible={visible}
              openIds={openIds}
              onOpenIdsChange={setOpenIds}
              selectedId={value}
              onSelect={(id) => choose(id)}
              disabledIds={props.disabledIds}
              data-testid={props['data-testid'] ? `${props['data-testid']}-tree` : undefined}
            />
          )}
        </div>
      </PopoverSurface>
    </Popover>
  );
}
