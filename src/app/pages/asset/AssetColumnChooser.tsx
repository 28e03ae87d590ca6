import { Button, Menu, MenuItemCheckbox, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { ColumnTripleEditRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { ASSET_COLUMNS, shownColumns, toggleColumn, type AssetColumnId } from './assetColumns';

/**
 * "Columns": a menu of check items, one per optional column of the asset list. The last
 * shown column cannot be unticked (its item is disabled). The menu stays open so several
 * columns can be changed at once.
 */
export function AssetColumnChooser({ hidden, onChange }: { hidden: readonly AssetColumnId[]; onChange: (hidden: AssetColumnId[]) => void }) {
  const { t } = useTranslation();
  const shown = shownColumns(hidden).map((c) => c.key);
  return (
    <Menu
      checkedValues={{ columns: shown }}
      onCheckedValueChange={(_, d) => {
        // One item changes per event: find it by comparing with what was shown.
        const now = new Set(d.checkedItems);
        const changed = ASSET_COLUMNS.find((c) => now.has(c.key) !== shown.includes(c.key));
        if (changed) onChange(toggleColumn(hidden, changed.key, now.has(changed.key)));
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <Button icon={<ColumnTripleEditRegular />} data-testid="asset-columns">
          {t('asset.columns')}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList data-testid="asset-columns-menu">
          {ASSET_COLUMNS.map((c) => (
            <MenuItemCheckbox
              key={c.key}
              name="columns"
              value={c.key}
              persistOnClick
              disabled={shown.length === 1 && shown[0] === c.key}
              data-testid={`asset-column-${c.key}`}
            >
              {t(c.titleKey)}
            </MenuItemCheckbox>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
