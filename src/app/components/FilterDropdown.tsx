/**
 * A list's filter that is either off ("all …", the first option) or one value of a few: the
 * inventory orders' status and lines' result, the staff's working status, the assets'
 * classification. Fluent's Dropdown works in strings; the values here are the page's own
 * (numbers or strings), and null is "all".
 */
import { Dropdown, Option } from '@fluentui/react-components';

export interface FilterChoice<T> {
  value: T;
  text: string;
}

export function FilterDropdown<T extends string | number>({
  label,
  allText,
  value,
  choices,
  onChange,
  className,
  testId,
}: {
  /** The filter's name, for screen readers. */
  label: string;
  allText: string;
  value: T | null;
  choices: readonly FilterChoice<T>[];
  onChange: (value: T | null) => void;
  className?: string;
  testId?: string;
}) {
  const chosen = value === null ? undefined : choices.find((c) => c.value === value);
  return (
    <Dropdown
      className={className}
      aria-label={label}
      // A value not among the choices yet (they are still loading) shows nothing rather than "all".
      value={value === null ? allText : (chosen?.text ?? '')}
      selectedOptions={[value === null ? '' : String(value)]}
      onOptionSelect={(_, d) => onChange(choices.find((c) => String(c.value) === d.optionValue)?.value ?? null)}
      data-testid={testId}
    >
      <Option value="">{allText}</Option>
      {choices.map((c) => (
        <Option key={String(c.value)} value={String(c.value)}>
          {c.text}
        </Option>
      ))}
    </Dropdown>
  );
}
