import { useEffect, useState, type KeyboardEvent } from 'react';
import { Button, Dropdown, Field, Input, makeStyles, MessageBar, MessageBarBody, Option, Switch, Text, tokens } from '@fluentui/react-components';
import { CameraOffRegular, CameraRegular, ScanRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { CENTRE_FRACTION } from '../../scan/decode';
import { feedbackEnabled, scanFeedback, setFeedbackEnabled } from '../../scan/feedback';
import { useCameraScanner } from '../../scan/useCameraScanner';
import { useWedgeScanner } from '../../scan/useWedgeScanner';

export type ScanSource = 'camera' | 'wedge' | 'typed';

/** One scan: what was read or typed, how, and when (epoch ms). */
export interface ScanEvent {
  text: string;
  source: ScanSource;
  at: number;
}

export interface ScannerPanelProps {
  /** Every scan: camera (repeats within ~2 s dropped), wedge scanner, or typed + Enter. */
  onScan: (scan: ScanEvent) => void;
  /** Offer the device camera (default true). */
  camera?: boolean;
  /** Listen for a keyboard-wedge scanner anywhere on the page (default true). */
  wedge?: boolean;
  /** Start the camera on mount (default false: the user presses Start). */
  autoStart?: boolean;
  /** Scans are ignored (e.g. while the page saves); the typed entry is disabled. */
  disabled?: boolean;
  /** Label of the typed entry (default: scanner.typed). */
  typedLabel?: string;
  /** data-testid of the typed entry's input (default 'scanner-typed'). */
  typedTestId?: string;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'flex-end' },
  // The typed entry and its button stay on one line, even on a phone (390 px wide).
  entry: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  entryField: { flexGrow: 1, minWidth: 0 },
  entryButton: { flexShrink: 0, minWidth: 'auto' },
  view: {
    position: 'relative',
    width: '100%',
    maxWidth: '480px',
    aspectRatio: '4 / 3',
    backgroundColor: tokens.colorNeutralBackgroundInverted,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
  },
  video: { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
  // The centre crop decode.ts tries first, drawn over the video.
  finder: {
    position: 'absolute',
    left: `${((1 - CENTRE_FRACTION) / 2) * 100}%`,
    top: `${((1 - CENTRE_FRACTION) / 2) * 100}%`,
    width: `${CENTRE_FRACTION * 100}%`,
    height: `${CENTRE_FRACTION * 100}%`,
    border: `2px solid ${tokens.colorPaletteGreenBorderActive}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.35)',
    pointerEvents: 'none',
  },
  hint: { color: tokens.colorNeutralForeground3 },
  last: { fontFamily: tokens.fontFamilyMonospace },
});

/**
 * Scanning asset labels: the device camera (a viewfinder over the video, start/stop, a
 * choice of camera; QR, Data Matrix, Code 128, Code 39 and EAN-13 decoded in a Web Worker),
 * a keyboard-wedge scanner anywhere on the page, and a typed entry (code + Enter). Each scan
 * is reported once through `onScan`; the last one is shown, with a beep and vibration if
 * the user keeps that on. What a scan means (add an asset, count it, warn of a duplicate) is
 * the page's.
 */
export function ScannerPanel({ onScan, camera = true, wedge = true, autoStart = false, disabled = false, typedLabel, typedTestId = 'scanner-typed' }: ScannerPanelProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [typed, setTyped] = useState('');
  const [last, setLast] = useState<ScanEvent | null>(null);
  /** Scans reported since mount (shown to tests as data-scans). */
  const [count, setCount] = useState(0);
  const [feedback, setFeedback] = useState(feedbackEnabled);

  const report = (text: string, source: ScanSource) => {
    const value = text.trim();
    if (!value || disabled) return;
    const scan: ScanEvent = { text: value, source, at: Date.now() };
    setLast(scan);
    setCount((n) => n + 1);
    if (feedback) scanFeedback('ok');
    onScan(scan);
  };

  const cam = useCameraScanner((text) => report(text, 'camera'));
  useWedgeScanner((text) => report(text, 'wedge'), { enabled: wedge && !disabled });
  const startCamera = cam.start;
  // Only on mount: autoStart is a starting state, not something to follow.
  useEffect(() => (camera && autoStart ? startCamera() : undefined), []);

  const submitTyped = () => {
    if (!typed.trim()) return;
    report(typed, 'typed');
    setTyped('');
  };
  const onTypedKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submitTyped();
  };

  const running = cam.status === 'running' || cam.status === 'starting';
  const cameraLabel = cam.cameras.find((c) => c.deviceId === cam.cameraId)?.label ?? t('scanner.cameraDefault');

  return (
    <div className={styles.root} data-testid="scanner" data-camera-status={cam.status} data-scans={count}>
      {camera && (
        <>
          <div className={styles.row}>
            {running ? (
              <Button icon={<CameraOffRegular />} onClick={cam.stop} data-testid="scanner-camera-stop">
                {t('scanner.stop')}
              </Button>
            ) : (
              <Button icon={<CameraRegular />} onClick={cam.start} disabled={disabled} data-testid="scanner-camera-start">
                {t('scanner.start')}
              </Button>
            )}
            {cam.cameras.length > 1 && (
              <Dropdown
                aria-label={t('scanner.camera')}
                value={cameraLabel}
                selectedOptions={[cam.cameraId]}
                onOptionSelect={(_, d) => d.optionValue !== undefined && cam.chooseCamera(d.optionValue)}
                data-testid="scanner-camera-choice"
              >
                {cam.cameras.map((c) => (
                  <Option key={c.deviceId} value={c.deviceId}>
                    {c.label}
                  </Option>
                ))}
              </Dropdown>
            )}
            <Switch
              checked={feedback}
              onChange={(_, d) => {
                setFeedback(d.checked);
                setFeedbackEnabled(d.checked);
              }}
              label={t('scanner.feedback')}
              data-testid="scanner-feedback"
            />
          </div>
          {cam.error && (
            <MessageBar intent="warning" data-testid="scanner-error" data-code={cam.error}>
              <MessageBarBody>{t(`scanner.error.${cam.error}`)}</MessageBarBody>
            </MessageBar>
          )}
          {/* The video stays mounted (hidden when idle) so the stream has somewhere to go. */}
          <div className={styles.view} hidden={!running} aria-label={t('scanner.viewfinder')}>
            <video ref={cam.videoRef} className={styles.video} muted playsInline data-testid="scanner-video" />
            <div className={styles.finder} />
          </div>
          {running && (
            <Text size={200} className={styles.hint}>
              {cam.status === 'starting' ? t('scanner.starting') : t('scanner.viewfinder')}
            </Text>
          )}
        </>
      )}
      <div className={styles.entry}>
        <Field label={typedLabel ?? t('scanner.typed')} className={styles.entryField}>
          <Input value={typed} contentBefore={<ScanRegular />} onChange={(_, d) => setTyped(d.value)} onKeyDown={onTypedKey} disabled={disabled} data-testid={typedTestId} />
        </Field>
        <Button className={styles.entryButton} onClick={submitTyped} disabled={disabled} data-testid={`${typedTestId}-submit`}>
          {t('scanner.typedAdd')}
        </Button>
      </div>
      {wedge && (
        <Text size={200} className={styles.hint}>
          {t('scanner.wedgeHint')}
        </Text>
      )}
      {last && (
        <Text className={styles.last} data-testid="scanner-last" data-source={last.source} data-text={last.text}>
          {t('scanner.last', { text: last.text })} · {t(`scanner.source.${last.source}`)}
        </Text>
      )}
    </div>
  );
}
