import { Dropdown, Field, Input, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { AttributeType, type AssetClassifyInfo, type ClassifyAttribute } from '../../../api/contract';
import { attributeField, type AssetErrors } from './assetForm';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}` },
  hint: { color: tokens.colorNeutralForeground3 },
});

/**
 * The inputs of a classification's custom attributes, one per attribute by its type: Text an
 * input, Select a dropdown of its items, Date a date input, Time a time input.
 */
export function AssetAttributeInputs({
  classify,
  values,
  errors,
  disabled,
  onChange,
}: {
  classify: AssetClassifyInfo | undefined;
  values: Record<string, string>;
  errors: AssetErrors;
  disabled?: boolean;
  onChange: (name: string, value: string) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (!classify) return <Text className={styles.hint}>{t('asset.attributesNeedClassify')}</Text>;
  if (classify.attributes.length === 0) return <Text className={styles.hint}>{t('asset.attributesEmpty')}</Text>;

  const input = (attribute: ClassifyAttribute, i: number) => {
    const value = values[attribute.name] ?? '';
    const common = { name: `attr-${i}`, disabled, 'data-testid': `asset-attr-${i}` };
    switch (attribute.attributeType) {
      case AttributeType.select:
        return (
          <Dropdown
            {...common}
            value={value}
            placeholder={t('asset.choosePlaceholder')}
            selectedOptions={[value]}
            onOptionSelect={(_, d) => onChange(attribute.name, d.optionValue ?? '')}
          >
            <Option value="" text={t('asset.choosePlaceholder')}>
              —
            </Option>
            {(attribute.items ?? []).map((item) => (
              <Option key={item} value={item}>
                {item}
              </Option>
            ))}
          </Dropdown>
        );
      case AttributeType.date:
        return <Input {...common} type="date" value={value} onChange={(_, d) => onChange(attribute.name, d.value)} />;
      case AttributeType.time:
        return <Input {...common} type="time" value={value} onChange={(_, d) => onChange(attribute.name, d.value)} />;
      default:
        // No maxLength (it cuts silently): validateAsset refuses over ATTRIBUTE_VALUE_MAX at the field.
        return <Input {...common} value={value} onChange={(_, d) => onChange(attribute.name, d.value)} />;
    }
  };

  return (
    <div className={styles.grid} data-testid="asset-attributes">
      {classify.attributes.map((attribute, i) => {
        const problem = errors[attributeField(attribute.name)];
        return (
          <Field key={attribute.name} label={attribute.name} validationMessage={problem ? t(problem.key, problem.values) : undefined}>
            {input(attribute, i)}
          </Field>
        );
      })}
    </div>
  );
}
