/**
 * The in-place editor (label-editor.md section 2): a text box over the control (or table
 * cell) being typed into, at the canvas's zoom. Enter adds a newline, Tab four spaces (the
 * focus stays), EAN-13 / EAN-8 take digits only; Escape cancels; Ctrl+Enter or a click
 * outside commits the text as one undo step. Keys typed here never reach the canvas's
 * shortcuts (Delete, arrows, Ctrl+Z...). The rules themselves are editor/inplace.ts.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { cellIndex, committed, insertTyped, keyAction, typingRule, typingStart, type TypingTarget } from '../../../editor/inplace';
import { toScreen, type Rect, type View } from '../../../editor/geometry';
import type { EditorModel } from '../../../editor/model';
import { SYMBOLOGIES } from '../../../engine/symbologies';
import { updateElement } from '../../../label/elements/index';
import { contextOf, type LabelDocument } from '../../../label/label';

/** Smallest box and type size on screen, px, so a tiny control stays typeable. */
const MIN_WIDTH_PX = 120;
const MIN_HEIGHT_PX = 28;
const MIN_FONT_PX = 12;
const MAX_FONT_PX = 72;

const useStyles = makeStyles({
  box: {
    position: 'absolute',
    zIndex: 2,
    boxSizing: 'border-box',
    margin: 0,
    padding: '2px 4px',
    resize: 'none',
    overflow: 'hidden',
    lineHeight: 1.2,
    whiteSpace: 'pre',
    color: tokens.colorNeutralForeground1,
    backgroundColor: 'rgba(255, 255, 255, 0.94)',
    border: `2px solid rgba(0, 128, 128, 0.9)`,
    borderRadius: tokens.borderRadiusSmall,
    outline: 'none',
    boxShadow: tokens.shadow8,
  },
  note: {
    position: 'absolute',
    zIndex: 2,
    maxWidth: '320px',
    padding: '2px 6px',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusSmall,
    pointerEvents: 'none',
  },
  warn: { color: tokens.colorPaletteRedForeground1 },
});

export function EditorTextEditor({ model, doc, view, target, rect, onClose }: { model: EditorModel; doc: LabelDocument; view: View; target: TypingTarget; rect: Rect; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const box = useRef<HTMLTextAreaElement>(null);
  const el = doc.children[target.index];
  const [start] = useState(() => typingStart(el, target));
  const [value, setValue] = useState(start?.text ?? '');
  const [warning, setWarning] = useState<string | null>(null);
  const valueRef = useRef(value);
  valueRef.current = value;
  const caret = useRef<number | null>(null);
  const closed = useRef(false);
  const rule = el ? typingRule(el) : null;

  // The control went away (undo from the toolbar, deletion): nothing left to type into.
  const gone = !start || typingStart(el, target) === null;
  useEffect(() => {
    if (gone && !closed.current) {
      closed.current = true;
      onClose();
    }
  }, [gone, onClose]);

  useEffect(() => {
    const b = box.current;
    if (!b) return;
    b.focus({ preventScroll: true });
    // A column placeholder is selected whole (typing replaces it); other text gets the caret at its end.
    if (start?.binding === 'data') b.select();
    else b.setSelectionRange(b.value.length, b.value.length);
  }, [start]);

  useLayoutEffect(() => {
    const b = box.current;
    if (b && caret.current !== null) {
      b.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
    // Grow with the text (no scroll bar inside the box).
    if (b) {
      b.style.height = 'auto';
      b.style.height = `${Math.max(b.scrollHeight + 4, Math.round(rect.height * view.zoom), MIN_HEIGHT_PX)}px`;
      b.style.width = 'auto';
      b.style.width = `${Math.max(b.scrollWidth + 12, Math.round(rect.width * view.zoom), MIN_WIDTH_PX)}px`;
    }
  }, [value, rect.height, rect.width, view.zoom]);

  if (!start || !rule || !el) return null;

  const digitsMessage = () => (el.kind === 'barcode' ? t('labelEditor.typing.digitsOnly', { type: SYMBOLOGIES[el.type].name, digits: rule.maxLength }) : null);

  const commit = () => {
    if (closed.current) return;
    closed.current = true;
    const text = valueRef.current;
    model.updateControl(target.index, 'type', (c) => committed(c, target, text, (e, patch) => updateElement(e, patch, contextOf(model.doc, model.locale))) ?? c);
    onClose();
  };
  const cancel = () => {
    if (closed.current) return;
    closed.current = true;
    onClose();
  };

  const put = (text: string, b: HTMLTextAreaElement) => {
    const r = insertTyped(b.value, b.selectionStart, b.selectionEnd, text, rule);
    caret.current = r.caret;
    setValue(r.value);
    setWarning(r.refused ? (rule.digitsOnly ? digitsMessage() : t('labelEditor.typing.tooLong', { max: rule.maxLength })) : null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // The canvas's shortcuts must not act on the text being typed.
    e.stopPropagation();
    const a = keyAction({ key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing }, rule);
    if (a.do === 'default') return;
    e.preventDefault();
    if (a.do === 'commit') commit();
    else if (a.do === 'cancel') cancel();
    else if (a.do === 'insert') put(a.text, e.currentTarget);
    else setWarning(digitsMessage());
  };

  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    e.preventDefault();
    put(e.clipboardData.getData('text/plain'), e.currentTarget);
  };

  const [left, top] = toScreen(view, rect.x, rect.y);
  // The control's (or cell's) own type size at the zoom, within a readable range.
  const cell = el.kind === 'table' && target.cell ? el.cells[cellIndex(el, target.cell.row, target.cell.col) ?? -1] : undefined;
  const fontMm = cell ? cell.fontHeight : 'fontHeight' in el ? el.fontHeight : 0;
  const fontPx = Math.min(MAX_FONT_PX, Math.max(MIN_FONT_PX, fontMm * view.zoom));
  const note = warning ?? (start.binding === 'serial' ? t('labelEditor.typing.serial') : start.binding === 'data' ? t('labelEditor.typing.boundColumn', { name: start.text.slice(1, -1) }) : null);

  return (
    <>
      <textarea
        ref={box}
        className={styles.box}
        style={{ left: Math.round(left), top: Math.round(top), fontSize: fontPx }}
        value={value}
        spellCheck={false}
        // One column and row at the start: the box's width and height come from its text.
        cols={1}
        rows={1}
        aria-label={t('labelEditor.typing.editor')}
        data-testid="editor-typing"
        data-target={target.cell ? `${target.index}:${target.cell.row},${target.cell.col}` : String(target.index)}
        inputMode={rule.digitsOnly ? 'numeric' : undefined}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        // Typing, an IME's text or a drop: the whole value filtered by the rule.
        onChange={(e) => {
          const r = insertTyped('', 0, 0, e.currentTarget.value, rule);
          if (r.value !== e.currentTarget.value) caret.current = Math.min(e.currentTarget.selectionStart, r.value.length);
          setValue(r.value);
          setWarning(r.refused ? (rule.digitsOnly ? digitsMessage() : t('labelEditor.typing.tooLong', { max: rule.maxLength })) : null);
        }}
        onBlur={commit}
        onPointerDown={(e) => e.stopPropagation()}
        onDoubleClick={(e) => e.stopPropagation()}
      />
      {note && (
        <div className={warning ? `${styles.note} ${styles.warn}` : styles.note} style={{ left: Math.round(left), top: Math.max(0, Math.round(top) - 24) }} data-testid="editor-typing-note" role={warning ? 'alert' : undefined}>
          {note}
        </div>
      )}
    </>
  );
}
