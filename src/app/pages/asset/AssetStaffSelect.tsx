import { useMemo, useState } from 'react';
import { Combobox, makeStyles, Option } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { StaffInfo } from '../../../api/contract';

/** Options shown at once; typing narrows the list. */
const SHOWN_MAX = 100;

const useStyles = makeStyles({
  root: { minWidth: 0, width: '100%', boxSizing: 'border-box' },
  // An <input> is as wide as its size attribute unless allowed to shrink with its grid track.
  input: { minWidth: 0, width: '100%' },
  listbox: { maxHeight: '320px' },
});

/**
 * Picks one staff member (or none, labelled `noneLabel`) from a list, typing filtering by
 * name, job number or department. `data-testid` names the input; options carry data-name.
 */
export function AssetStaffSelect({
  staff,
  value,
  onChange,
  noneLabel,
  placeholder,
  'data-testid': testId,
  'aria-label': ariaLabel,
}: {
  staff: readonly StaffInfo[];
  value: number | null;
  onChange: (staff: StaffInfo | null) => void;
  noneLabel: string;
  placeholder?: string;
  'data-testid'?: string;
  'aria-label'?: string;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const selected = value === null ? undefined : staff.find((s) => s.id === value);
  const label = (s: StaffInfo) => (s.deptName ? `${s.staffName}（${s.deptName}）` : s.staffName);
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  const options = useMemo(() => {
    const needle = (query ?? '').trim().toLowerCase();
    const matches = needle
      ? staff.filter((s) => [s.staffName, s.jobNumber, s.deptName ?? ''].some((x) => x.toLowerCase().includes(needle)))
      : staff;
    return matches.slice(0, SHOWN_MAX);
  }, [staff, query]);

  return (
    <Combobox
      className={styles.root}
      input={{ className: styles.input }}
      listbox={{ className: styles.listbox }}
      aria-label={ariaLabel}
      placeholder={placeholder ?? t('asset.choosePlaceholder')}
      value={query ?? (selected ? label(selected) : value === null ? noneLabel : '')}
      selectedOptions={[value === null ? '' : String(value)]}
      open={open}
      // Typing (or pasting) a name opens the choices it narrows.
      onChange={(e) => {
        setQuery(e.target.value);
        setOpen(true);
      }}
      onOpenChange={(_, d) => {
        setOpen(d.open);
        if (!d.open) setQuery(null);
      }}
      onOptionSelect={(_, d) => {
        setQuery(null);
        setOpen(false);
        if (d.optionValue === undefined) return;
        onChange(d.optionValue === '' ? null : (staff.find((s) => String(s.id) === d.optionValue) ?? null));
      }}
      data-testid={testId}
    >
      <Option value="" text={noneLabel}>
        {noneLabel}
      </Option>
      {options.map((s) => (
        <Option key={s.id} value={String(s.id)} text={label(s)} data-name={s.staffName}>
          {label(s)}
        </Option>
      ))}
    </Combobox>
  );
}
