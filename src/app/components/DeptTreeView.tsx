import { useState, type DragEvent, type ReactElement, type ReactNode } from 'react';
import {
  makeStyles,
  mergeClasses,
  tokens,
  Tree,
  TreeItem,
  TreeItemLayout,
  type TreeItemValue,
} from '@fluentui/react-components';
import { BuildingRegular, PeopleTeamRegular } from '@fluentui/react-icons';
import type { DeptNode, DeptTree } from '../state/departmentTree';

const useStyles = makeStyles({
  row: { borderRadius: tokens.borderRadiusMedium },
  selected: {
    backgroundColor: tokens.colorBrandBackground2,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
    ':active': { backgroundColor: tokens.colorBrandBackground2Pressed },
    '& .fui-TreeItemLayout__main': { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  },
  disabled: { color: tokens.colorNeutralForegroundDisabled, cursor: 'not-allowed' },
  dropTarget: {
    outline: `2px dashed ${tokens.colorBrandStroke1}`,
    outlineOffset: '-2px',
    backgroundColor: tokens.colorBrandBackground2,
  },
  dragging: { opacity: 0.5 },
  icon: { color: tokens.colorNeutralForeground3 },
  rootIcon: { color: tokens.colorBrandForeground1 },
  main: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

const DRAG_TYPE = 'application/x-assetmark-department';

export interface DeptDragAndDrop {
  /** Whether `dragId` may be dropped on `targetId` (the browser shows "no drop" otherwise). */
  canDrop: (dragId: number, targetId: number) => boolean;
  onDrop: (dragId: number, targetId: number) => void;
}

export interface DeptTreeViewProps {
  tree: DeptTree;
  'aria-label': string;
  /** Shown departments (a filter's result); null or absent: all. */
  visible?: ReadonlySet<number> | null;
  openIds: ReadonlySet<number>;
  onOpenIdsChange: (ids: Set<number>) => void;
  /** Single selection, shown highlighted (click or Space selects). */
  selectedId?: number | null;
  onSelect?: (id: number) => void;
  /** Multiple selection with checkboxes. */
  checkedIds?: ReadonlySet<number>;
  onCheckedChange?: (id: number, checked: boolean) => void;
  /** Shown but not selectable (e.g. a department's own sub-tree when moving it). */
  disabledIds?: ReadonlySet<number>;
  aside?: (node: DeptNode) => ReactElement | undefined;
  actions?: (node: DeptNode) => ReactElement | undefined;
  dragAndDrop?: DeptDragAndDrop;
  className?: string;
  'data-testid'?: string;
}

/**
 * The department tree (Fluent Tree): the company at the top, departments by name. Clicking a
 * row selects it; the chevron (or the arrow keys) opens and closes. Rows carry
 * `data-dept-id` and `data-name` so tests and drag-and-drop can find them.
 */
export function DeptTreeView(props: DeptTreeViewProps) {
  const { tree, visible, openIds, onOpenIdsChange, checkedIds, onCheckedChange } = props;
  const styles = useStyles();
  const [dragId, setDragId] = useState<number | null>(null);
  const [dropId, setDropId] = useState<number | null>(null);
  const multi = checkedIds !== undefined;
  const shown = (node: DeptNode) => !visible || visible.has(node.dept.id);

  const endDrag = () => {
    setDragId(null);
    setDropId(null);
  };

  const dragHandlers = (node: DeptNode) => {
    const dnd = props.dragAndDrop;
    if (!dnd) return {};
    const id = node.dept.id;
    const accepts = () => dragId !== null && dragId !== id && dnd.canDrop(dragId, id);
    return {
      draggable: node.dept.affiliatedDept !== null,
      onDragStart: (e: DragEvent) => {
        e.stopPropagation();
        e.dataTransfer.setData(DRAG_TYPE, String(id));
        e.dataTransfer.setData('text/plain', node.dept.deptName);
        e.dataTransfer.effectAllowed = 'move';
        setDragId(id);
      },
      onDragOver: (e: DragEvent) => {
        if (!accepts()) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (dropId !== id) setDropId(id);
      },
      onDragLeave: () => {
        if (dropId === id) setDropId(null);
      },
      onDrop: (e: DragEvent) => {
        e.preventDefault();
        const dragged = dragId ?? Number(e.dataTransfer.getData(DRAG_TYPE));
        endDrag();
        if (dragged && dragged !== id && dnd.canDrop(dragged, id)) dnd.onDrop(dragged, id);
      },
      onDragEnd: endDrag,
    };
  };

  const renderNode = (node: DeptNode): ReactNode => {
    if (!shown(node)) return null;
    const id = node.dept.id;
    const children = node.children.filter(shown);
    const isRoot = node.dept.affiliatedDept === null;
    const disabled = props.disabledIds?.has(id) ?? false;
    const selected = !multi && props.selectedId === id;
    const Icon = isRoot ? BuildingRegular : PeopleTeamRegular;
    const select = () => {
      if (!disabled) props.onSelect?.(id);
    };
    return (
      <TreeItem key={id} value={id} itemType={children.length > 0 ? 'branch' : 'leaf'} aria-disabled={disabled || undefined}>
        <TreeItemLayout
          className={mergeClasses(
            styles.row,
            selected && styles.selected,
            disabled && styles.disabled,
            dropId === id && styles.dropTarget,
            dragId === id && styles.dragging,
          )}
          main={{ className: styles.main }}
          iconBefore={<Icon className={isRoot ? styles.rootIcon : styles.icon} />}
          aside={props.aside?.(node)}
          actions={props.actions?.(node)}
          data-dept-id={id}
          data-name={node.dept.deptName}
          data-selected={selected || undefined}
          data-disabled={disabled || undefined}
          onClick={multi ? undefined : select}
          onKeyDown={(e) => {
            if (!multi && e.key === ' ') {
              e.preventDefault();
              select();
            }
          }}
          {...dragHandlers(node)}
        >
          {node.dept.deptName}
        </TreeItemLayout>
        {children.length > 0 && <Tree>{children.map(renderNode)}</Tree>}
      </TreeItem>
    );
  };

  return (
    <Tree
      className={props.className}
      aria-label={props['aria-label']}
      data-testid={props['data-testid']}
      openItems={visible ? [...visible] : [...openIds]}
      onOpenChange={(_, data) => {
        // A click on the row selects it; only the chevron and the keyboard open and close.
        if (data.type === 'Click' && !multi) return;
        if (visible) return; // while filtering, every match is shown open
        onOpenIdsChange(new Set([...data.openItems].map(Number)));
      }}
      selectionMode={multi ? 'multiselect' : undefined}
      checkedItems={multi ? [...checkedIds].map((id): [TreeItemValue, boolean] => [id, true]) : undefined}
      onCheckedChange={
        multi
          ? (_, data) => {
              const id = Number(data.value);
              if (!props.disabledIds?.has(id)) onCheckedChange?.(id, data.checked === true);
            }
          : undefined
      }
    >
      {tree.roots.map(renderNode)}
    </Tree>
  );
}
