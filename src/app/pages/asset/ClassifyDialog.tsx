import { useState } from 'react';
import { Divider, Field, Input, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { StatusCode, type AssetClassifyInfo } from '../../../api/contract';
import { FormDialog } from '../../components/FormDialog';
import { useRecordChanged } from '../../hooks/useRecordChanged';
import { sameValues, useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { limitHint } from '../../components/textLimit';
import { notify } from '../../notify';
import { assetStore } from '../../state/assets';
import { ClassifyAttributeEditor } from './ClassifyAttributeEditor';
import { CLASSIFY_NAME_MAX, draftOf, toClassifyRequest, validateClassify, type ClassifyDraft, type ClassifyErrors } from './classifyForm';

const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxHeight: '70vh', overflowY: 'auto' },
});

/**
 * Creates or edits a classification: its name and custom attributes. The spec's rules are
 * checked before sending (validateClassify); the server's refusals show at the name (a
 * taken name) or above the form. Name and attributes are saved together, based on the
 * version the dialog loaded; a classification changed meanwhile offers to reload it.
 */
export function ClassifyDialog({
  classify,
  otherNames,
  onClose,
}: {
  /** The classification to edit; absent to create one. */
  classify?: AssetClassifyInfo;
  /** Names of the other classifications (the name must differ from each). */
  otherNames: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  // The classification as last loaded: what a save is based on (its version) and compared with.
  const [current, setCurrent] = useState(classify);
  const [draft, setDraft] = useState<ClassifyDraft>(() => draftOf(classify));
  const [errors, setErrors] = useState<ClassifyErrors>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [serverNameError, setServerNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  // The dialog closes on a successful save, so only the loaded values count as clean.
  const [loaded, setLoaded] = useState(draft);
  useUnsavedChanges(!sameValues(draft, loaded), t('common.leaveConfirm'));
  const changed = useRecordChanged(async () => {
    if (!current) return null;
    const result = await assetStore.reloadClassify(current.id);
    if (!result.ok) return result.message;
    const fresh = draftOf(result.data);
    setCurrent(result.data);
    setDraft(fresh);
    setLoaded(fresh);
    setErrors({});
    setTried(false);
    setFormMessage(null);
    setServerNameError(null);
    return null;
  });

  const change = (next: ClassifyDraft) => {
    setDraft(next);
    setFormMessage(null);
    setServerNameError(null);
    // Once submitted, problems follow the edits.
    if (tried) setErrors(validateClassify(next, otherNames));
  };

  const submit = async () => {
    setTried(true);
    const problems = validateClassify(draft, otherNames);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    const result = await assetStore.saveClassify(toClassifyRequest(draft, current));
    setBusy(false);
    if (changed.caught(result)) return;
    if (result.ok) {
      notify('success', classify ? t('classify.saved') : t('classify.created'));
      onClose();
      return;
    }
    if (result.code === StatusCode.duplicate) setServerNameError(result.message);
    else setFormMessage(result.message);
  };

  const nameMessage = serverNameError ?? (errors.classifyName ? t(errors.classifyName.key, errors.classifyName.values) : undefined);

  return (
    <FormDialog
      title={classify ? t('classify.editTitle') : t('classify.createTitle')}
      testId="classify-dialog"
      submitTestId="classify-submit"
      surfaceClassName={styles.surface}
      contentClassName={styles.content}
      error={formMessage}
      busy={busy}
      canSubmit={!changed.stale}
      onSubmit={submit}
      onClose={onClose}
    >
      {changed.bar}
      <Field label={t('classify.name')} required validationMessage={nameMessage} hint={limitHint(t, draft.classifyName.trim(), CLASSIFY_NAME_MAX)}>
        <Input
          name="classifyName"
          value={draft.classifyName}
          placeholder={t('classify.namePlaceholder')}
          autoFocus
          onChange={(_, d) => change({ ...draft, classifyName: d.value })}
        />
      </Field>
      <Divider />
      <Subtitle2>{t('classify.attributes')}</Subtitle2>
      <ClassifyAttributeEditor attributes={draft.attributes} errors={errors} onChange={(attributes) => change({ ...draft, attributes })} />
    </FormDialog>
  );
}
