import { describe, expect, it } from 'vitest';
import { cameraErrorCode, cameraUnavailable } from './camera-error.ts';

describe('camera errors', () => {
  it('refuses before asking: insecure page, no camera API', () => {
    expect(cameraUnavailable({ isSecureContext: false, mediaDevices: { getUserMedia: () => 0 } })).toBe('insecure');
    expect(cameraUnavailable({ isSecureContext: true })).toBe('unsupported');
    expect(cameraUnavailable({ isSecureContext: true, mediaDevices: {} })).toBe('unsupported');
    expect(cameraUnavailable({ isSecureContext: true, mediaDevices: { getUserMedia: () => 0 } })).toBeNull();
  });

  it('names getUserMedia rejections by their DOMException name', () => {
    const named = (name: string) => Object.assign(new Error('x'), { name });
    expect(cameraErrorCode(named('NotAllowedError'))).toBe('denied');
    expect(cameraErrorCode(named('NotFoundError'))).toBe('noCamera');
    expect(cameraErrorCode(named('OverconstrainedError'))).toBe('noCamera');
    expect(cameraErrorCode(named('NotReadableError'))).toBe('busy');
    expect(cameraErrorCode(named('SecurityError'))).toBe('insecure');
    expect(cameraErrorCode(named('Whatever'))).toBe('failed');
    expect(cameraErrorCode('not an error')).toBe('failed');
  });
});
