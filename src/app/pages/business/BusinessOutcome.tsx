import { Button, makeStyles, MessageBar, MessageBarBody, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { BusinessAssetLine, BusinessDetails } from '../../../api/contract';
import { statusLabel } from '../asset/assetListQuery';
import { changeText } from './businessDisplay';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  footer: { display: 'flex', gap: tokens.spacingHorizontalS },
  linesBox: { overflowX: 'auto' },
  // Six columns: below this they overlap; narrower screens scroll the table instead.
  lines: { minWidth: '600px' },
});

/** "before → after" of one line's status, person and place, as the record keeps them. */
export function BusinessLineRows({ lines }: { lines: readonly BusinessAssetLine[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.linesBox}>
      <Table size="small" className={styles.lines} aria-label={t('business.assets')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('asset.field.assetCoding')}</TableHeaderCell>
            <TableHeaderCell>{t('asset.field.assetName')}</TableHeaderCell>
            <TableHeaderCell>{t('asset.field.status')}</TableHeaderCell>
            <TableHeaderCell>{t('asset.field.affiliatedDept')}</TableHeaderCell>
            <TableHeaderCell>{t('asset.field.affiliatedStaff')}</TableHeaderCell>
            <TableHeaderCell>{t('asset.field.depositSite')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.id} data-testid="business-line" data-code={line.assetCoding}>
              <TableCell>{line.assetCoding}</TableCell>
              <TableCell>{line.assetName}</TableCell>
              <TableCell data-testid="business-line-status">{changeText(t(statusLabel(line.statusBefore)), t(statusLabel(line.statusAfter)))}</TableCell>
              <TableCell>{changeText(line.deptNameBefore ?? '', line.deptNameAfter ?? '')}</TableCell>
              <TableCell>{changeText(line.staffNameBefore ?? '', line.staffNameAfter ?? '')}</TableCell>
              <TableCell>{changeText(line.siteBefore, line.siteAfter)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** A recorded transaction: its number and type, and each asset before and after. */
export function BusinessOutcome({ record, onAnother, onBack }: { record: BusinessDetails; onAnother: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    <div className={styles.root} data-testid="business-outcome" data-record={record.id}>
      <MessageBar intent="success">
        <MessageBarBody>
          {t('business.done', { type: t(`business.type.${record.type}`), id: record.id })} · {t('business.doneAssets', { count: record.assets.length })}
        </MessageBarBody>
      </MessageBar>
      <BusinessLineRows lines={record.assets} />
      <div className={styles.footer}>
        <Button appearance="primary" onClick={onBack} data-testid="business-back">
          {t('business.toAssetList')}
        </Button>
        <Button onClick={() => navigate(`/asset/business?record=${record.id}`)} data-testid="business-open-record">
          {t('business.openRecord')}
        </Button>
        <Button onClick={onAnother}>{t('business.another')}</Button>
      </div>
    </div>
  );
}
