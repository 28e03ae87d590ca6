/** 扫码组件（摄像头、扫码枪、手动输入）的文字；英文见 scanner.en.ts，键相同。 */
export const scannerZh = {
  title: '扫码',
  start: '打开摄像头',
  stop: '关闭摄像头',
  starting: '正在打开摄像头…',
  camera: '摄像头',
  cameraDefault: '默认（后置）',
  viewfinder: '将标签上的二维码或条码对准框内',
  feedback: '扫码时提示音和振动',
  typed: '输入资产编码后按回车',
  typedAdd: '确定',
  wedgeHint: '也可直接使用扫码枪扫描（无需点击输入框）',
  last: '最近一次：{{text}}',
  source: {
    camera: '摄像头',
    wedge: '扫码枪',
    typed: '手动输入',
  },
  error: {
    insecure: '浏览器只在安全连接（https）下允许使用摄像头。请通过 https 打开本页，或使用扫码枪或手动输入。',
    unsupported: '此浏览器不支持摄像头。请使用扫码枪或手动输入。',
    denied: '摄像头权限被拒绝。请在浏览器的网站设置中允许使用摄像头，然后重试。',
    noCamera: '没有找到摄像头。请连接摄像头，或使用扫码枪或手动输入。',
    busy: '摄像头无法启动，可能正被其他程序使用。请关闭其他程序后重试。',
    decoder: '扫码组件加载失败，请检查网络后重试。',
    failed: '摄像头无法启动，请重试。',
  },
};
