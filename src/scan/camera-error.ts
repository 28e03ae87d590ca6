/**
 * Why the camera could not start, as one of a few cases the user can act on (each has a zh
 * and en text under `scanner.error.<code>`).
 */
export type CameraErrorCode =
  /** The page is not on https (or localhost): browsers offer no camera there. */
  | 'insecure'
  /** The browser has no camera API (navigator.mediaDevices.getUserMedia). */
  | 'unsupported'
  /** The user or a policy refused the camera. */
  | 'denied'
  /** No camera (or not the one chosen). */
  | 'noCamera'
  /** The camera is there but another program holds it, or it failed to start. */
  | 'busy'
  /** The decoder (rxing-wasm) could not be loaded. */
  | 'decoder'
  | 'failed';

/** Whether this page may ask for a camera at all: the error when it may not, else null. */
export function cameraUnavailable(env: { isSecureContext: boolean; mediaDevices?: { getUserMedia?: unknown } }): CameraErrorCode | null {
  if (!env.isSecureContext) return 'insecure';
  if (typeof env.mediaDevices?.getUserMedia !== 'function') return 'unsupported';
  return null;
}

/** getUserMedia's rejection (a DOMException by name, as the Media Capture spec lists them). */
export function cameraErrorCode(error: unknown): CameraErrorCode {
  const name = error && typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError': // older Chromium
      return 'denied';
    case 'SecurityError':
      return 'insecure';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'noCamera';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    case 'TypeError':
      return 'unsupported';
    default:
      return 'failed';
  }
}
