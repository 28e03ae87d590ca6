import type { ReactNode } from 'react';
import { makeStyles } from '@fluentui/react-components';

const useStyles = makeStyles({
  // One line, cut with an ellipsis inside the table's fixed-width column; the whole text is in
  // the title (shown on hover), so a long name never runs into the next column.
  text: { display: 'block', maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/**
 * A table cell's plain text: one line, cut with an ellipsis, whole on hover. An empty value
 * shows `empty` (nothing by default).
 */
export function CellText({ value, empty = null, className }: { value: string | number | null | undefined; empty?: ReactNode; className?: string }) {
  const styles = useStyles();
  if (value === null || value === undefined || value === '') return <>{empty}</>;
  return (
    <span className={className ? `${styles.text} ${className}` : styles.text} title={String(value)}>
      {value}
    </span>
  );
}
