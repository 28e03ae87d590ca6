/**
 * The frame every list page shares: a header (title, count, actions), a toolbar (filters),
 * a failed load with a retry, the list itself (a table or a grid, in a box that scrolls
 * sideways on a narrow screen instead of squeezing its columns), a spinner on the first
 * load, an empty state with a way on, and the pager. The page brings its rows; the frame
 * brings the states around them, so each reads and behaves the same on every list.
 */
import type { ReactNode } from 'react';
import {
  Button,
  Card,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { PageSize } from '../../api/contract';
import { Pager } from './Pager';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM },
  bare: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  heading: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  // Without a count, the title takes the free space so the actions sit at the right.
  grow: { flexGrow: 1 },
  count: { color: tokens.colorNeutralForeground3, flexGrow: 1 },
  toolbar: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  // A table keeps its own minimum width (CSS px, set by the page); on a narrower screen this
  // box scrolls sideways rather than letting the columns overlap.
  tableBox: {
    position: 'relative',
    overflowX: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  // A long table scrolls inside the box both ways, so its sideways scroll bar is at the bottom
  // of the box, on screen, not under the last of up to 200 rows. Heights in CSS px.
  capped: {
    overflow: 'auto',
    maxHeight: 'max(320px, calc(100vh - 300px))',
    // Styled bars are drawn always (overlay bars that show only while scrolling are how
    // off-screen columns went unnoticed). 12 px, the track a shade off the background.
    scrollbarColor: `${tokens.colorNeutralStroke1} ${tokens.colorNeutralBackground2}`,
    '::-webkit-scrollbar': { width: '12px', height: '12px' },
    '::-webkit-scrollbar-track': { backgroundColor: tokens.colorNeutralBackground2 },
    '::-webkit-scrollbar-thumb': { backgroundColor: tokens.colorNeutralStroke1, borderRadius: '6px' },
  },
  // The page's own layout (a grid of cards, a tree with its notes), spaced like the card.
  gridBox: { position: 'relative', minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  state: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalXXXL,
    color: tokens.colorNeutralForeground3,
    textAlign: 'center',
  },
  stateIcon: { fontSize: '40px' },
  countText: { color: tokens.colorNeutralForeground3 },
});

/**
 * The count beside a list's title ("54 assets"): empty until the first answer; `data-count`
 * holds the bare number (tests and scripts read it), '' until then.
 */
export function ListCount({ value, text, testId }: { value: number | null; text: string; testId?: string }) {
  const styles = useStyles();
  return (
    <Text className={styles.countText} data-testid={testId} data-count={value ?? ''}>
      {value === null ? '' : text}
    </Text>
  );
}

export interface ListEmpty {
  /** What an empty list says (the page picks "none yet" or "no match"). */
  text: string;
  icon?: ReactNode;
  /** The way on from an empty list: usually its create button, or clearing the filters. */
  action?: ReactNode;
  testId?: string;
}

export interface ListFrameProps {
  /** The list's heading (an h2). */
  title?: ReactNode;
  /** Beside the title, e.g. "54 assets"; takes the free space. */
  count?: ReactNode;
  /** The header's buttons, at its right. */
  actions?: ReactNode;
  /** Filters and tools under the header. */
  toolbar?: ReactNode;
  /** The first load: nothing to show yet. */
  loading: boolean;
  /** A fetch is under way (a page, a refresh): the list is marked aria-busy. */
  busy?: boolean;
  /** Why loading failed; with `onRetry`, the bar offers to try again. */
  error: string | null;
  onRetry?: () => void;
  /** The retry button's text, if not "Retry". */
  retryLabel?: string;
  errorTestId?: string;
  /** Shown instead of rows when there is no row and nothing else to say (loading, an error). */
  empty: ListEmpty | null;
  /** 'table': a bordered box that scrolls sideways; 'grid': the page's own layout, unboxed. */
  body?: 'table' | 'grid';
  /** A table whose box has a height and scrolls both ways (long lists with sticky headers). */
  capHeight?: boolean;
  bodyTestId?: string;
  /** The Pager's props (usePagedList's `pager`); shown once there is a row to page through. */
  pager?: { total: number; pageIndex: number; pageSize: PageSize; onPageChange: (page: number) => void; onPageSizeChange: (size: PageSize) => void } | null;
  /** No card around it (a page that lays out its own surroundings). */
  bare?: boolean;
  className?: string;
  testId?: string;
  /** The rows: a table or a grid. */
  children?: ReactNode;
}

export function ListFrame({
  title,
  count,
  actions,
  toolbar,
  loading,
  busy = false,
  error,
  onRetry,
  retryLabel,
  errorTestId,
  empty,
  body = 'table',
  capHeight = false,
  bodyTestId,
  pager,
  bare = false,
  className,
  testId,
  children,
}: ListFrameProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const content = (
    <>
      {(title || count !== undefined || actions) && (
        <div className={styles.header}>
          {title && (
            <Title3 as="h2" className={mergeClasses(styles.heading, count === undefined && styles.grow)}>
              {title}
            </Title3>
          )}
          {count !== undefined && <div className={styles.count}>{count}</div>}
          {actions}
        </div>
      )}
      {toolbar && <div className={styles.toolbar}>{toolbar}</div>}
      {error && (
        <MessageBar intent="error" data-testid={errorTestId}>
          <MessageBarBody>{error}</MessageBarBody>
          {onRetry && (
            <MessageBarActions>
              <Button onClick={onRetry} data-testid="list-retry">
                {retryLabel ?? t('common.retry')}
              </Button>
            </MessageBarActions>
          )}
        </MessageBar>
      )}
      <div
        className={body === 'table' ? mergeClasses(styles.tableBox, capHeight && styles.capped) : styles.gridBox}
        aria-busy={busy || loading}
        data-testid={bodyTestId}
      >
        {children}
        {empty && !loading && !error && (
          <div className={styles.state} role="status">
            {empty.icon && <span className={styles.stateIcon}>{empty.icon}</span>}
            <Text data-testid={empty.testId}>{empty.text}</Text>
            {empty.action}
          </div>
        )}
        {loading && (
          <div className={styles.state}>
            <Spinner size="small" label={t('shell.loading')} />
          </div>
        )}
      </div>
      {pager && pager.total > 0 && <Pager {...pager} />}
    </>
  );
  return bare ? (
    <div className={mergeClasses(styles.bare, className)} data-testid={testId}>
      {content}
    </div>
  ) : (
    <Card className={mergeClasses(styles.card, className)} data-testid={testId}>
      {content}
    </Card>
  );
}
