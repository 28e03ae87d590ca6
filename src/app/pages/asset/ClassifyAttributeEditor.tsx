import {
  Button,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular, DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { AttributeType, type AttributeTypeValue } from '../../../api/contract';
import {
  ATTRIBUTE_NAME_MAX,
  ATTRIBUTE_TYPES,
  ATTRIBUTES_MAX,
  attributeTypeLabel,
  ITEMS_MAX,
  moveItem,
  newAttribute,
  type AttributeDraft,
  type ClassifyErrors,
} from './classifyForm';
import { limitHint } from '../../components/textLimit';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  head: { display: 'grid', gridTemplateColumns: '1fr 150px auto', gap: tokens.spacingHorizontalS, alignItems: 'start' },
  tools: { display: 'flex', gap: tokens.spacingHorizontalXXS, paddingTop: '22px' },
  items: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: tokens.spacingHorizontalS },
  item: { display: 'flex', alignItems: 'start', gap: tokens.spacingHorizontalXXS },
  itemField: { flexGrow: 1, minWidth: 0 },
  itemsError: { color: tokens.colorPaletteRedForeground1 },
  hint: { color: tokens.colorNeutralForeground3 },
});

/**
 * Edits a classification's custom attributes: name, type (Text, Select, Date, Time), the
 * items of a Select, order, removal. Problems come from validateClassify, keyed by position.
 */
export function ClassifyAttributeEditor({
  attributes,
  errors,
  onChange,
}: {
  attributes: AttributeDraft[];
  errors: ClassifyErrors;
  onChange: (attributes: AttributeDraft[]) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const message = (key: string) => (errors[key] ? t(errors[key].key, errors[key].values) : undefined);

  const update = (index: number, change: Partial<AttributeDraft>) =>
    onChange(attributes.map((a, i) => (i === index ? { ...a, ...change } : a)));

  const setType = (index: number, attributeType: AttributeTypeValue) => {
    const current = attributes[index];
    const items = attributeType === AttributeType.select && current.items.length === 0 ? [''] : current.items;
    update(index, { attributeType, items });
  };

  return (
    <div className={styles.root} data-testid="attribute-editor">
      <Text size={200} className={styles.hint}>
        {t('classify.attributesHint')}
      </Text>
      {attributes.map((attribute, i) => (
        <div key={attribute.key} className={styles.row} data-testid="attribute-row">
          <div className={styles.head}>
            <Field
              label={t('classify.attributeName')}
              required
              validationMessage={message(`attr.${i}.name`)}
              hint={limitHint(t, attribute.name.trim(), ATTRIBUTE_NAME_MAX)}
            >
              <Input
                name={`attr-${i}-name`}
                value={attribute.name}
                placeholder={t('classify.attributeNamePlaceholder')}
                onChange={(_, d) => update(i, { name: d.value })}
              />
            </Field>
            <Field label={t('classify.attributeType')}>
              <Dropdown
                value={t(attributeTypeLabel(attribute.attributeType))}
                selectedOptions={[String(attribute.attributeType)]}
                onOptionSelect={(_, d) => setType(i, Number(d.optionValue) as AttributeTypeValue)}
                data-testid={`attr-${i}-type`}
              >
                {ATTRIBUTE_TYPES.map((type) => (
                  <Option key={type.value} value={String(type.value)} data-testid={`attr-type-${type.value}`}>
                    {t(type.labelKey)}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <div className={styles.tools}>
              <Tooltip content={t('classify.moveUp')} relationship="label">
                <Button appearance="subtle" icon={<ArrowUpRegular />} disabled={i === 0} onClick={() => onChange(moveItem(attributes, i, -1))} />
              </Tooltip>
              <Tooltip content={t('classify.moveDown')} relationship="label">
                <Button
                  appearance="subtle"
                  icon={<ArrowDownRegular />}
                  disabled={i === attributes.length - 1}
                  onClick={() => onChange(moveItem(attributes, i, 1))}
                />
              </Tooltip>
              <Tooltip content={t('classify.removeAttribute')} relationship="label">
                <Button
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  onClick={() => onChange(attributes.filter((_, j) => j !== i))}
                  data-testid={`attr-${i}-remove`}
                />
              </Tooltip>
            </div>
          </div>
          {attribute.attributeType === AttributeType.select && (
            <Field label={t('classify.items')} required>
              <div className={styles.items}>
                {attribute.items.map((item, j) => (
                  <div key={j} className={styles.item}>
                    <Field className={styles.itemField} validationMessage={message(`attr.${i}.item.${j}`)}>
                      <Input
                        name={`attr-${i}-item-${j}`}
                        value={item}
                        placeholder={t('classify.itemPlaceholder', { index: j + 1 })}
                        aria-label={t('classify.itemPlaceholder', { index: j + 1 })}
                        onChange={(_, d) => update(i, { items: attribute.items.map((x, k) => (k === j ? d.value : x)) })}
                      />
                    </Field>
                    <Tooltip content={t('classify.removeItem')} relationship="label">
                      <Button
                        appearance="subtle"
                        icon={<DismissRegular />}
                        onClick={() => update(i, { items: attribute.items.filter((_, k) => k !== j) })}
                        data-testid={`attr-${i}-remove-item-${j}`}
                      />
                    </Tooltip>
                  </div>
                ))}
                <Button
                  appearance="outline"
                  icon={<AddRegular />}
                  disabled={attribute.items.length >= ITEMS_MAX}
                  onClick={() => update(i, { items: [...attribute.items, ''] })}
                  data-testid={`attr-${i}-add-item`}
                >
                  {t('classify.addItem')}
                </Button>
              </div>
              {message(`attr.${i}.items`) && (
                <Text size={200} className={styles.itemsError} data-testid={`attr-${i}-items-error`}>
                  {message(`attr.${i}.items`)}
                </Text>
              )}
            </Field>
          )}
        </div>
      ))}
      <div>
        <Button
          icon={<AddRegular />}
          disabled={attributes.length >= ATTRIBUTES_MAX}
          onClick={() => onChange([...attributes, newAttribute()])}
          data-testid="classify-add-attribute"
        >
          {t('classify.addAttribute')}
        </Button>
      </div>
    </div>
  );
}
