/**
 * The device camera as a scanner, for a React component (ScannerPanel): getUserMedia (the
 * environment-facing camera unless one is chosen), the stream shown in the component's
 * <video>, its frames decoded by CameraScanner in one Web Worker (decode-worker.ts).
 *
 *   const camera = useCameraScanner((text, capturedAt) => ...);
 *   <video ref={camera.videoRef} muted playsInline />
 *   camera.start(); camera.stop(); camera.chooseCamera(deviceId);
 *
 * The camera is stopped when the component unmounts and while the page is hidden (it
 * restarts when the page is shown again if it was running). The worker, and with it
 * rxing-wasm's 2.3 MB module, is only loaded on the first start.
 *
 * For diagnostics and the benchmark (bench/scan.ts), the window receives an
 * 'assetmark:scan-frame' CustomEvent per decoded frame (detail: FrameStats) and an
 * 'assetmark:scan' event per reported text (detail: {text, capturedAt, reportedAt}, both
 * performance.now() ms; reportedAt is taken after onScan returned).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { CameraScanner, type DecodeWorker, type FrameStats } from './camera-scanner.ts';
import { cameraErrorCode, cameraUnavailable, type CameraErrorCode } from './camera-error.ts';

/** Frames wider than this are scaled down before decoding (px): a label filling a tenth of
 * a 1280 px frame still has 2-3 px a module, and decoding time grows with the pixels. */
const MAX_FRAME_WIDTH = 1280;

export type CameraStatus = 'idle' | 'starting' | 'running' | 'error';

export interface CameraChoice {
  deviceId: string;
  label: string;
}

export interface CameraScannerState {
  videoRef: React.RefObject<HTMLVideoElement | null>;
  status: CameraStatus;
  error: CameraErrorCode | null;
  /** The cameras the browser lists (labels once permission is given). */
  cameras: CameraChoice[];
  /** The camera in use or chosen; '' = the default (environment-facing). */
  cameraId: string;
  start(): void;
  stop(): void;
  chooseCamera(deviceId: string): void;
}

export function useCameraScanner(onScan: (text: string, capturedAt: number) => void, options: { tryHarder?: boolean } = {}): CameraScannerState {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [status, setStatus] = useState<CameraStatus>('idle');
  const [error, setError] = useState<CameraErrorCode | null>(null);
  const [cameras, setCameras] = useState<CameraChoice[]>([]);
  const [cameraId, setCameraId] = useState('');
  const report = useRef(onScan);
  report.current = onScan;
  const stream = useRef<MediaStream | null>(null);
  const scanner = useRef<CameraScanner | null>(null);
  /** Bumped by every start and stop: a start that resolves after a later stop gives up. */
  const generation = useRef(0);
  const resumeOnShow = useRef(false);
  const tryHarder = !!options.tryHarder;

  const release = useCallback(() => {
    generation.current++;
    scanner.current?.stop();
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  const scannerFor = useCallback((): CameraScanner => {
    if (scanner.current) return scanner.current;
    const worker = new Worker(new URL('./decode-worker.ts', import.meta.url), { type: 'module' }) as unknown as DecodeWorker;
    scanner.current = new CameraScanner({
      worker,
      decode: { tryHarder },
      grab: async () => {
        const video = videoRef.current;
        // HAVE_CURRENT_DATA (2): a frame to grab.
        if (!video || video.readyState < 2 || video.videoWidth === 0) return null;
        const capturedAt = performance.now();
        const scale = Math.min(1, MAX_FRAME_WIDTH / video.videoWidth);
        const bitmap = await createImageBitmap(video, scale < 1 ? { resizeWidth: Math.round(video.videoWidth * scale), resizeHeight: Math.round(video.videoHeight * scale) } : undefined);
        return { bitmap, capturedAt };
      },
      onScan: (text, capturedAt) => {
        report.current(text, capturedAt);
        window.dispatchEvent(new CustomEvent('assetmark:scan', { detail: { text, capturedAt, reportedAt: performance.now() } }));
      },
      onFrame: (stats: FrameStats) => window.dispatchEvent(new CustomEvent('assetmark:scan-frame', { detail: stats })),
      onError: () => {
        release();
        setStatus('error');
        setError('decoder');
      },
    });
    return scanner.current;
  }, [release, tryHarder]);

  const startWith = useCallback(
    async (deviceId: string) => {
      release();
      const mine = ++generation.current;
      const refused = cameraUnavailable({ isSecureContext: window.isSecureContext, mediaDevices: navigator.mediaDevices });
      if (refused) {
        setStatus('error');
        setError(refused);
        return;
      }
      setStatus('starting');
      setError(null);
      try {
        const video: MediaTrackConstraints = deviceId ? { deviceId: { exact: deviceId } } : { facingMode: { ideal: 'environment' } };
        const media = await navigator.mediaDevices.getUserMedia({ video: { ...video, width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false });
        if (mine !== generation.current) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        stream.current = media;
        const element = videoRef.current;
        if (element) {
          element.srcObject = media;
          await element.play().catch(() => undefined); // muted inline video plays without a gesture
        }
        const inUse = media.getVideoTracks()[0]?.getSettings().deviceId ?? '';
        const devices = await navigator.mediaDevices.enumerateDevices().catch(() => [] as MediaDeviceInfo[]);
        if (mine !== generation.current) return;
        setCameras(devices.filter((d) => d.kind === 'videoinput').map((d, i) => ({ deviceId: d.deviceId, label: d.label || `#${i + 1}` })));
        setCameraId(inUse || deviceId);
        scannerFor().start();
        setStatus('running');
      } catch (e) {
        if (mine !== generation.current) return;
        release();
        setStatus('error');
        setError(cameraErrorCode(e));
      }
    },
    [release, scannerFor],
  );

  const start = useCallback(() => void startWith(cameraId), [startWith, cameraId]);
  const stop = useCallback(() => {
    resumeOnShow.current = false;
    release();
    setStatus('idle');
  }, [release]);
  const chooseCamera = useCallback(
    (deviceId: string) => {
      setCameraId(deviceId);
      if (stream.current) void startWith(deviceId);
    },
    [startWith],
  );

  // A hidden page gives the camera back; shown again, it resumes if it was running.
  useEffect(() => {
    const onVisibility = () => {
      if (document.hidden && stream.current) {
        resumeOnShow.current = true;
        release();
        setStatus('idle');
      } else if (!document.hidden && resumeOnShow.current) {
        resumeOnShow.current = false;
        void startWith(cameraId);
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [release, startWith, cameraId]);

  // Unmounting stops the camera and ends the worker.
  useEffect(
    () => () => {
      release();
      scanner.current?.dispose();
      scanner.current = null;
    },
    [release],
  );

  return { videoRef, status, error, cameras, cameraId, start, stop, chooseCamera };
}
