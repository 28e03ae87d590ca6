import { Button, Dropdown, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type PageSize } from '../../api/contract';
import { pageWindow } from './pageWindow';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
  },
  total: { color: tokens.colorNeutralForeground3, marginRight: 'auto' },
  pages: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  page: { minWidth: '32px' },
  gap: { minWidth: '24px', textAlign: 'center', color: tokens.colorNeutralForeground3 },
  size: { minWidth: '120px' },
});

/** Paging under a list: the total, the page size (20/50/100/200) and the pages (from 1). */
export function Pager({
  total,
  pageIndex,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: {
  total: number;
  pageIndex: number;
  pageSize: PageSize;
  onPageChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: PageSize) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className={styles.root} aria-label={t('pager.label')} data-testid="pager">
      <Text className={styles.total} data-testid="pager-total">
        {t('pager.total', { count: total })}
      </Text>
      <Dropdown
        className={styles.size}
        size="small"
        aria-label={t('pager.pageSize')}
        value={t('pager.perPage', { size: pageSize })}
        selectedOptions={[String(pageSize)]}
        onOptionSelect={(_, d) => onPageSizeChange(Number(d.optionValue) as PageSize)}
        data-testid="pager-size"
      >
        {PAGE_SIZES.map((size) => (
          <Option key={size} value={String(size)} text={t('pager.perPage', { size })}>
            {t('pager.perPage', { size })}
          </Option>
        ))}
      </Dropdown>
      <div className={styles.pages}>
        <Button
          size="small"
          appearance="subtle"
          icon={<ChevronLeftRegular />}
          disabled={pageIndex <= 1}
          onClick={() => onPageChange(pageIndex - 1)}
          aria-label={t('pager.previous')}
          data-testid="pager-previous"
        />
        {pageWindow(pageIndex, pageCount).map((p, i) =>
          p === null ? (
            <span key={`gap-${i}`} className={styles.gap}>
              …
            </span>
          ) : (
            <Button
              key={p}
              size="small"
              className={styles.page}
              appearance={p === pageIndex ? 'primary' : 'subtle'}
              aria-current={p === pageIndex ? 'page' : undefined}
              onClick={() => onPageChange(p)}
              data-testid={`pager-page-${p}`}
            >
              {p}
            </Button>
          ),
        )}
        <Button
          size="small"
          appearance="subtle"
          icon={<ChevronRightRegular />}
          disabled={pageIndex >= pageCount}
          onClick={() => onPageChange(pageIndex + 1)}
          aria-label={t('pager.next')}
          data-testid="pager-next"
        />
      </div>
    </nav>
  );
}
