/**
 * The editor's file tools (issue 13, Files): New, Open (.wdfx or its XML form, .xml),
 * Save (the open file's name and form; a new label as .wdfx) and Save as XML, each a
 * download of the label's XML text (src/editor/files.ts), and Print (EditorPrintButton). A
 * file that cannot be read is named in the user's language and changes nothing; unsaved
 * changes are only discarded after the user agrees, and only for a file that was read.
 */
import { messageLanguage } from '../../i18n/types';
import { useRef } from 'react';
import { makeStyles, ToolbarButton, Tooltip } from '@fluentui/react-components';
import { CloudArrowUpRegular, DocumentAddRegular, DocumentSaveRegular, FolderOpenRegular, SaveRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { formatLabelMessage, LabelError } from '../../../label/errors';
import { createLabel } from '../../../label/label';
import { readLabel } from '../../../label/wdfx';
import { LABEL_FILE_MIME, labelFileBytes, labelFileName, type LabelFileForm } from '../../../editor/files';
import type { EditorModel } from '../../../editor/model';
import type { EditorNotice } from './EditorMoreTools';
import { EditorPrintButton } from './EditorPrintButton';
import type { EditorTemplate } from './useEditorTemplate';

const useStyles = makeStyles({ hidden: { display: 'none' } });

/** Largest label file opened, bytes (as the print page). */
const MAX_LABEL_BYTES = 64 * 1024 * 1024;

/** Offers `bytes` as a download named `name`. */
function download(bytes: Uint8Array, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface EditorFileToolsProps {
  model: EditorModel;
  /** The open file's name (null: a new label). */
  fileName: string | null;
  onFileName: (name: string | null) => void;
  onNotice: (n: EditorNotice | null) => void;
  /** The stored template the label is (useEditorTemplate): Save writes to it instead of a download. */
  template: EditorTemplate;
}

export function EditorFileTools({ model, fileName, onFileName, onNotice, template }: EditorFileToolsProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const language = messageLanguage(i18n.language);
  const fileInput = useRef<HTMLInputElement>(null);

  const discardOk = () => !model.isDirty || window.confirm(t('labelEditor.openConfirm'));
  const labelMessage = (e: LabelError) => formatLabelMessage(e.code, e.params, language);

  const newLabel = () => {
    if (!discardOk()) return;
    model.load(createLabel({}, { locale: language }));
    template.detach();
    onFileName(null);
    onNotice(null);
  };

  const open = async (file: File) => {
    if (file.size > MAX_LABEL_BYTES) {
      onNotice({ intent: 'error', text: labelMessage(new LabelError('file.tooLarge', { size: Math.ceil(file.size / 1048576), max: MAX_LABEL_BYTES / 1048576 })) });
      return;
    }
    const read = readLabel(new Uint8Array(await file.arrayBuffer()), { locale: language });
    if (!read.ok) {
      onNotice({ intent: 'error', text: t('labelEditor.openFailed', { name: file.name, reason: labelMessage(read.error) }) });
      return;
    }
    if (!discardOk()) return;
    model.load(read.value);
    template.detach();
    onFileName(file.name);
    onNotice(read.warnings.length ? { intent: 'warning', text: t('labelEditor.openWarnings', { count: read.warnings.length }) } : null);
  };

  // A private template is saved back to the server; a general one into a private copy, for
  // users who may keep templates (for others Save stays a download).
  const stored = template.current;
  const savesToServer = stored !== null && (stored.scope === 'private' || template.canStore);
  const save = (form?: LabelFileForm) => {
    if (!form && savesToServer) return void template.save();
    const name = labelFileName(fileName, model.doc.labelName, form);
    download(labelFileBytes(model.doc), name, LABEL_FILE_MIME);
    model.markSaved();
    onFileName(name);
    onNotice({ intent: 'success', text: t('labelEditor.savedAs', { name }) });
  };

  return (
    <>
      <ToolbarButton icon={<DocumentAddRegular />} onClick={newLabel} data-testid="editor-new">
        {t('labelEditor.newLabel')}
      </ToolbarButton>
      <ToolbarButton icon={<FolderOpenRegular />} onClick={() => fileInput.current?.click()} data-testid="editor-open">
        {t('labelEditor.open')}
      </ToolbarButton>
      <ToolbarButton icon={<SaveRegular />} disabled={template.busy} onClick={() => save()} data-testid="editor-save">
        {savesToServer ? t(stored?.scope === 'public' ? 'labelTemplate.saveCopy' : 'labelTemplate.saveToTemplate') : t('labelEditor.save')}
      </ToolbarButton>
      {template.canStore && (
        <Tooltip content={t('labelTemplate.saveAsTemplateHint')} relationship="description">
          <ToolbarButton icon={<CloudArrowUpRegular />} disabled={template.busy} onClick={() => void template.saveAsTemplate()} data-testid="editor-save-template">
            {t('labelTemplate.saveAsTemplate')}
          </ToolbarButton>
        </Tooltip>
      )}
      <Tooltip content={t('labelEditor.saveXmlHint')} relationship="description">
        <ToolbarButton icon={<DocumentSaveRegular />} onClick={() => save('xml')} data-testid="editor-save-xml">
          {t('labelEditor.saveXml')}
        </ToolbarButton>
      </Tooltip>
      <EditorPrintButton model={model} fileName={fileName} />
      <input
        ref={fileInput}
        className={styles.hidden}
        type="file"
        accept=".wdfx,.xml,application/xml,text/xml"
        data-testid="editor-file"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void open(file);
        }}
      />
    </>
  );
}
