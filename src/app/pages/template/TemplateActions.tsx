/**
 * What a template page does besides listing (issue 16): on a card, duplicate (a general one
 * into the company's own), rename, delete after a confirmation and export the .wdfx; above the
 * list, a new template from a size (width x height mm; it opens in the editor) and the import
 * of a .wdfx file. The server checks every file (a file it cannot read is refused with its
 * message and nothing is stored).
 */
import { messageLanguage } from '../../i18n/types';
import { useRef, useState } from 'react';
import { Button, Field, Input, makeStyles, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular, ArrowUploadRegular, CopyRegular, DeleteRegular, MoreHorizontalRegular, RenameRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TEMPLATE_NAME_MAX, type TemplateInfo } from '../../../api/contract';
import { labelFileBytes, LABEL_FILE_MIME } from '../../../editor/files';
import { createLabel } from '../../../label/label';
import { templateApi } from '../../api';
import { session } from '../../state/session';
import { setCurrentTemplate, settings } from '../../state/settings';
import { templateStore } from '../../state/templates';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormDialog } from '../../components/FormDialog';
import { notify } from '../../notify';
import { parseLabelMm, templateEditorPath, templateFileName } from './templateView';

const useStyles = makeStyles({ hidden: { display: 'none' }, sizes: { display: 'flex', gap: '12px' } });

/** Offers `text` as a download named `name`. */
function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: LABEL_FILE_MIME }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

type CardDialog = 'rename' | 'delete' | null;

/** The ... menu of one card. `canStore`: the user has a template user (private templates). */
export function TemplateCardMenu({ template, canStore, onChanged }: { template: TemplateInfo; canStore: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<CardDialog>(null);
  const [name, setName] = useState(template.templateName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const own = template.scope === 'private';

  const duplicate = async () => {
    const result = await templateApi.duplicate(template.templateID);
    if (!result.ok) return notify('error', result.message);
    notify('success', t('labelTemplate.duplicated', { name: result.data.templateName }));
    onChanged();
  };
  const exportFile = async () => {
    if (!session.user) return;
    const result = await templateStore.content(session.user.Id, template.templateID);
    if (!result.ok) return notify('error', result.message);
    download(result.data.templateContent, templateFileName(template.templateName));
  };
  const rename = async () => {
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > TEMPLATE_NAME_MAX) return setError(t('labelTemplate.nameInvalid', { max: TEMPLATE_NAME_MAX }));
    setBusy(true);
    const result = await templateApi.rename(template.templateID, template.version, trimmed);
    setBusy(false);
    if (!result.ok) return setError(result.message);
    setDialog(null);
    onChanged();
  };

  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" size="small" icon={<MoreHorizontalRegular />} aria-label={t('labelTemplate.more')} data-testid="template-more" />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {canStore && (
              <MenuItem icon={<CopyRegular />} onClick={() => void duplicate()} data-testid="template-duplicate">
                {t(own ? 'labelTemplate.duplicate' : 'labelTemplate.copyToMine')}
              </MenuItem>
            )}
            {own && (
              <MenuItem icon={<RenameRegular />} onClick={() => { setName(template.templateName); setError(null); setDialog('rename'); }} data-testid="template-rename">
                {t('labelTemplate.rename')}
              </MenuItem>
            )}
            <MenuItem icon={<ArrowDownloadRegular />} onClick={() => void exportFile()} data-testid="template-export">
              {t('labelTemplate.export')}
            </MenuItem>
            {own && (
              <MenuItem icon={<DeleteRegular />} onClick={() => setDialog('delete')} data-testid="template-delete">
                {t('labelTemplate.delete')}
              </MenuItem>
            )}
          </MenuList>
        </MenuPopover>
      </Menu>
      {dialog === 'rename' && (
        <FormDialog title={t('labelTemplate.rename')} testId="template-rename-dialog" submitTestId="template-rename-ok" error={error} busy={busy} onSubmit={() => void rename()} onClose={() => setDialog(null)}>
          <Field label={t('labelTemplate.name')} required>
            <Input value={name} maxLength={TEMPLATE_NAME_MAX} onChange={(_, d) => setName(d.value)} data-testid="template-name-input" />
          </Field>
        </FormDialog>
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t('labelTemplate.delete')}
          message={t('labelTemplate.deleteConfirm', { name: template.templateName })}
          confirmLabel={t('labelTemplate.delete')}
          onConfirm={async () => {
            const result = await templateApi.remove(template.templateID, template.version);
            if (!result.ok) return result.message;
            // A deleted template is no longer anyone's current one.
            if (settings.currentTemplateId === template.templateID) setCurrentTemplate(null);
            onChanged();
            return null;
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

/** New from a size and Import, above the private list. */
export function TemplateListTools({ onChanged }: { onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [width, setWidth] = useState('40');
  const [height, setHeight] = useState('30');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const language = messageLanguage(i18n.language);

  const create = async () => {
    const w = parseLabelMm(width);
    const h = parseLabelMm(height);
    if (w === null || h === null) return setError(t('labelTemplate.sizeInvalid'));
    setBusy(true);
    const doc = createLabel({ labelWidth: w, labelHeight: h }, { locale: language });
    const result = await templateApi.create(new TextDecoder().decode(labelFileBytes(doc)), t('labelTemplate.newName', { width: w, height: h }));
    setBusy(false);
    if (!result.ok) return setError(result.message);
    setOpen(false);
    navigate(templateEditorPath(result.data.templateID));
  };

  const importFile = async (file: File) => {
    const result = await templateApi.create(await file.text(), file.name.replace(/\.(wdfx|xml)$/i, ''));
    if (!result.ok) return notify('error', t('labelTemplate.importFailed', { name: file.name, reason: result.message }));
    notify('success', t('labelTemplate.imported', { name: result.data.templateName }));
    onChanged();
  };

  return (
    <>
      <Button icon={<AddRegular />} appearance="primary" onClick={() => { setError(null); setOpen(true); }} data-testid="template-new">
        {t('labelTemplate.newFromSize')}
      </Button>
      <Button icon={<ArrowUploadRegular />} onClick={() => fileInput.current?.click()} data-testid="template-import">
        {t('labelTemplate.import')}
      </Button>
      <input
        ref={fileInput}
        className={styles.hidden}
        type="file"
        accept=".wdfx,.xml,application/xml,text/xml"
        data-testid="template-import-file"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void importFile(file);
        }}
      />
      {open && (
        <FormDialog title={t('labelTemplate.newFromSize')} testId="template-new-dialog" submitTestId="template-new-ok" error={error} busy={busy} onSubmit={() => void create()} onClose={() => setOpen(false)}>
          <div className={styles.sizes}>
            <Field label={t('labelTemplate.widthMm')} required>
              <Input value={width} inputMode="decimal" onChange={(_, d) => setWidth(d.value)} data-testid="template-new-width" />
            </Field>
            <Field label={t('labelTemplate.heightMm')} required>
              <Input value={height} inputMode="decimal" onChange={(_, d) => setHeight(d.value)} data-testid="template-new-height" />
            </Field>
          </div>
        </FormDialog>
      )}
    </>
  );
}
