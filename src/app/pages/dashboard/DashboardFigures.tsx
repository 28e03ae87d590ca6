import type { ReactNode } from 'react';
import { Card, makeStyles, Skeleton, SkeletonItem, Text, tokens } from '@fluentui/react-components';
import { BoxMultipleRegular, CalendarErrorRegular, ClipboardTaskListLtrRegular, MoneyRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { DashboardInfo } from '../../../api/contract';
import { formatCount, formatMoney, formatPercent } from './dashboardData';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    // Four in a row, else two by two, else one column: never three and a lone fourth.
    gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
    '@media (max-width: 1279px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    '@media (max-width: 599px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
    gap: tokens.spacingHorizontalL,
  },
  card: { flexDirection: 'row', alignItems: 'center', gap: tokens.spacingHorizontalL, padding: tokens.spacingHorizontalL },
  icon: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: '48px',
    height: '48px',
    borderRadius: tokens.borderRadiusCircular,
    fontSize: '26px',
  },
  brand: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground1 },
  green: { backgroundColor: tokens.colorPaletteGreenBackground1, color: tokens.colorPaletteGreenForeground1 },
  red: { backgroundColor: tokens.colorPaletteRedBackground1, color: tokens.colorPaletteRedForeground1 },
  orange: { backgroundColor: tokens.colorPaletteDarkOrangeBackground1, color: tokens.colorPaletteDarkOrangeForeground1 },
  // A size container, so a figure's font can follow the card's width (cqi units below).
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0, flexGrow: 1, containerType: 'inline-size' },
  label: { color: tokens.colorNeutralForeground3 },
  // A figure stays on one line: a money figure broken mid-number misreads (issue 14). A long
  // one is set smaller to fit its card (figureFontSize); only past the smallest size is it cut
  // with an ellipsis, and it is whole in the title.
  value: {
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  note: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

type Tone = 'brand' | 'green' | 'red' | 'orange';

/** Hero size, or smaller so that `text` fits the card's text column: a digit of this font is
 * about 0.6 em wide, so n characters need 0.6 n em (100cqi is the column's width); never
 * below 16 px. */
function figureFontSize(text: string): string {
  return `max(16px, min(${tokens.fontSizeHero700}, calc(100cqi / ${(text.length * 0.6).toFixed(2)})))`;
}

function Figure(props: { id: string; label: string; value: string | null; note?: string; icon: ReactNode; tone: Tone }) {
  const styles = useStyles();
  return (
    <Card className={styles.card} data-testid={`figure-${props.id}`}>
      <div className={`${styles.icon} ${styles[props.tone]}`} aria-hidden>
        {props.icon}
      </div>
      <div className={styles.text}>
        <Text className={styles.label}>{props.label}</Text>
        {props.value === null ? (
          <Skeleton>
            <SkeletonItem size={32} style={{ width: '120px' }} />
          </Skeleton>
        ) : (
          <span className={styles.value} style={{ fontSize: figureFontSize(props.value) }} title={props.value} data-testid={`figure-${props.id}-value`}>
            {props.value}
          </span>
        )}
        {props.note && <span className={styles.note}>{props.note}</span>}
      </div>
    </Card>
  );
}

/** The four figures of the spec (section 1); skeletons until the data is there. */
export function DashboardFigures({ info, locale }: { info: DashboardInfo | undefined; locale: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.grid}>
      <Figure
        id="total-assets"
        label={t('dashboard.totalAssets')}
        value={info ? formatCount(info.totalAssets, locale) : null}
        icon={<BoxMultipleRegular />}
        tone="brand"
      />
      <Figure
        id="total-value"
        label={t('dashboard.totalValue')}
        value={info ? formatMoney(info.totalValue, locale) : null}
        note={info ? t('dashboard.totalBuyPrice', { amount: formatMoney(info.totalBuyPrice, locale) }) : undefined}
        icon={<MoneyRegular />}
        tone="green"
      />
      <Figure
        id="expired-assets"
        label={t('dashboard.expiredAssets')}
        value={info ? formatCount(info.expiredAssets, locale) : null}
        note={info && info.totalAssets > 0 ? t('dashboard.shareOfAssets', { share: formatPercent(info.expiredAssets, info.totalAssets, locale) }) : undefined}
        icon={<CalendarErrorRegular />}
        tone="red"
      />
      <Figure
        id="pending-inventory"
        label={t('dashboard.pendingInventory')}
        value={info ? formatCount(info.pendingInventoryOrders, locale) : null}
        icon={<ClipboardTaskListLtrRegular />}
        tone="orange"
      />
    </div>
  );
}
