import { useEffect, useState } from 'react';
import { Card, CardHeader, makeStyles, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import {
  DataVizPalette,
  DonutChart,
  getColorFromToken,
  VerticalBarChart,
  type ChartDataPoint,
  type VerticalBarChartDataPoint,
} from '@fluentui/react-charts';
import { DataBarVerticalRegular, DataPieRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { DashboardInfo } from '../../../api/contract';
import {
  formatCount,
  formatMoney,
  formatMoneyShort,
  formatPercent,
  statusSlices,
  valueBars,
  type StatusTone,
  type ValueBar,
} from './dashboardData';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM, minWidth: 0 },
  headerIcon: { fontSize: '20px', color: tokens.colorBrandForeground1 },
  statusBody: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXL, flexWrap: 'wrap' },
  donut: { flex: '1 1 220px', minWidth: '200px', maxWidth: '320px' },
  legend: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, flex: '1 1 180px' },
  legendItem: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  swatch: { width: '12px', height: '12px', borderRadius: tokens.borderRadiusSmall, flexShrink: 0 },
  legendLabel: { flexGrow: 1 },
  legendValue: { fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  muted: { color: tokens.colorNeutralForeground3 },
  bars: { minWidth: 0, width: '100%' },
  empty: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: '200px',
    color: tokens.colorNeutralForeground3,
  },
});

/** Colours of the tones: Fluent's data-visualisation palette, for the chart and its legend alike. */
const TONE_COLOR: Record<StatusTone, string> = {
  neutral: getColorFromToken(DataVizPalette.color1),
  success: getColorFromToken(DataVizPalette.success),
  info: getColorFromToken(DataVizPalette.color4),
  warning: getColorFromToken(DataVizPalette.warning),
  error: getColorFromToken(DataVizPalette.error),
};
const BAR_COLOR = getColorFromToken(DataVizPalette.color1);

const CHART_HEIGHT = 260;

/** Usage status (spec section 4): a donut of the five statuses with a counted legend. */
export function StatusChart({ info, locale }: { info: DashboardInfo; locale: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const slices = statusSlices(info.statusCounts);
  const total = slices.reduce((n, s) => n + s.count, 0);
  const chartData: ChartDataPoint[] = slices
    .filter((s) => s.count > 0)
    .map((s) => ({
      legend: t(s.labelKey),
      data: s.count,
      color: TONE_COLOR[s.tone],
      yAxisCalloutData: `${formatCount(s.count, locale)} (${formatPercent(s.count, total, locale)})`,
    }));

  return (
    <Card className={styles.card} data-testid="status-chart">
      <CardHeader image={<DataPieRegular className={styles.headerIcon} />} header={<Text weight="semibold">{t('dashboard.usageChart')}</Text>} />
      {total === 0 ? (
        <div className={styles.empty}>{t('dashboard.noAssets')}</div>
      ) : (
        <div className={styles.statusBody}>
          <div className={styles.donut}>
            <DonutChart
              data={{ chartTitle: t('dashboard.usageChart'), chartData }}
              innerRadius={62}
              height={CHART_HEIGHT - 40}
              valueInsideDonut={formatCount(total, locale)}
              hideLegend
              culture={locale}
            />
          </div>
          <ul className={styles.legend} aria-label={t('dashboard.usageChart')}>
            {slices.map((s) => (
              <li key={s.status} className={styles.legendItem} data-testid="status-count" data-status={s.status} data-count={s.count}>
                <span className={styles.swatch} style={{ backgroundColor: TONE_COLOR[s.tone] }} aria-hidden />
                <Text className={styles.legendLabel}>{t(s.labelKey)}</Text>
                <Text className={styles.legendValue}>{formatCount(s.count, locale)}</Text>
                <Text size={200} className={styles.muted}>
                  {formatPercent(s.count, total, locale)}
                </Text>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}

type ValueBy = 'classify' | 'dept';

/**
 * The content width of an element, kept current with a ResizeObserver on the element itself:
 * the chart only listens to the window, so collapsing the sidebar (which widens the card with
 * no window resize) left it at its old width (issue 14). Pass the returned setter as `ref`;
 * undefined until measured, which lets the chart size itself on the first paint.
 */
function useContainerWidth(): [number | undefined, (el: HTMLElement | null) => void] {
  const [el, setEl] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    if (!el) return;
    const measure = () => setWidth(Math.floor(el.clientWidth) || undefined);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return [width, setEl];
}

/** Total (current) value by classification or by department, the largest groups as bars. */
export function ValueChart({ info, locale }: { info: DashboardInfo; locale: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [by, setBy] = useState<ValueBy>('classify');
  const [barsWidth, barsRef] = useContainerWidth();
  const bars = valueBars(by === 'classify' ? info.valueByClassify : info.valueByDept);
  const label = (bar: ValueBar) =>
    bar.kind === 'named'
      ? bar.name
      : bar.kind === 'none'
        ? t(by === 'classify' ? 'dashboard.noClassify' : 'dashboard.noDept')
        : t('dashboard.otherGroups', { count: bar.groups });
  const data: VerticalBarChartDataPoint[] = bars.map((bar) => ({
    x: label(bar),
    y: bar.value,
    legend: label(bar),
    color: BAR_COLOR,
    barLabel: formatMoneyShort(bar.value, locale),
    xAxisCalloutData: label(bar),
    yAxisCalloutData: t('dashboard.valueCallout', {
      value: formatMoney(bar.value, locale),
      buyPrice: formatMoney(bar.buyPrice, locale),
      count: bar.count,
      assets: formatCount(bar.count, locale),
    }),
  }));

  return (
    <Card className={styles.card} data-testid="value-chart">
      <CardHeader
        image={<DataBarVerticalRegular className={styles.headerIcon} />}
        header={<Text weight="semibold">{t('dashboard.valueChart')}</Text>}
        description={
          <Text size={200} className={styles.muted}>
            {t('dashboard.valueChartHint', { amount: formatMoney(info.totalValue, locale) })}
          </Text>
        }
      />
      <TabList size="small" selectedValue={by} onTabSelect={(_, d) => setBy(d.value as ValueBy)} data-testid="value-chart-by">
        <Tab value="classify">{t('dashboard.byClassify')}</Tab>
        <Tab value="dept">{t('dashboard.byDept')}</Tab>
      </TabList>
      {info.totalAssets === 0 ? (
        <div className={styles.empty}>{t('dashboard.noAssets')}</div>
      ) : (
        <div ref={barsRef} className={styles.bars} data-testid="value-bars" data-bars={bars.length}>
          <VerticalBarChart
            data={data}
            width={barsWidth}
            chartTitle={t('dashboard.valueChart')}
            height={CHART_HEIGHT}
            hideLegend
            barWidth="auto"
            maxBarWidth={48}
            wrapXAxisLables
            // Round steps on the value axis (0, 10万, 20万 ...), not the maximum cut in four.
            roundedTicks
            yAxisTickFormat={(value: number) => formatMoneyShort(value, locale)}
            culture={locale}
            roundCorners
            margins={{ left: 72, right: 24 }}
          />
        </div>
      )}
    </Card>
  );
}

export function DashboardCharts({ info, locale }: { info: DashboardInfo; locale: string }) {
  const styles = useStyles();
  return (
    <div className={styles.grid}>
      <StatusChart info={info} locale={locale} />
      <ValueChart info={info} locale={locale} />
    </div>
  );
}
