/** English texts of the scanner (camera, wedge scanner, typed entry); same keys as scanner.zh-CN.ts. */
export const scannerEn = {
  title: 'Scan',
  start: 'Start camera',
  stop: 'Stop camera',
  starting: 'Starting the camera…',
  camera: 'Camera',
  cameraDefault: 'Default (rear)',
  viewfinder: 'Hold the label’s QR code or barcode inside the frame',
  feedback: 'Beep and vibrate on a scan',
  typed: 'Type an asset code, then Enter',
  typedAdd: 'Enter',
  wedgeHint: 'A barcode scanner works too, without clicking into a field',
  last: 'Last scan: {{text}}',
  source: {
    camera: 'camera',
    wedge: 'scanner',
    typed: 'typed',
  },
  error: {
    insecure: 'Browsers allow the camera only on a secure connection (https). Open this page over https, or use a barcode scanner or type the code.',
    unsupported: 'This browser has no camera support. Use a barcode scanner or type the code.',
    denied: 'Camera permission was denied. Allow the camera in the browser’s site settings, then try again.',
    noCamera: 'No camera was found. Connect one, or use a barcode scanner or type the code.',
    busy: 'The camera could not start; another program may be using it. Close it and try again.',
    decoder: 'The code reader could not be loaded. Check the network and try again.',
    failed: 'The camera could not start. Try again.',
  },
};
