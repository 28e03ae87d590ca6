/**
 * The helper client's texts in en and zh-CN, kept like src/label/errors.ts keeps the label
 * catalogue: one `as const` English table whose keys are the type, a Chinese table that
 * must have every key, i18next-style `{{param}}` placeholders. `helperMessage` turns a
 * HelperError into the text the UI shows; `helperText` gives the dialogs' other texts.
 * Merge `helperMessages` into i18next under `printHelper` if a page wants them there.
 *
 * Helper codes: label-editor.md section 8. The not-found and local-network dialogs: section
 * 8 and printing-protocol.md "Browser rules" (Chrome 142 asks the user's permission before a
 * page may reach 127.0.0.1; before that, Chrome blocked private-network requests from
 * non-secure pages unless the flag below was disabled).
 */
import type { HelperError } from './errors.ts';

export type HelperLocale = 'zh-CN' | 'en';

export const HELPER_MESSAGES_EN = {
  'code.0': 'OK.',
  'code.1': 'Parameter error.',
  'code.2': 'System error.',
  'code.3': 'No supported printer.',
  'code.4': 'Unsupported printer.',
  'code.5': 'No print data.',
  'code.6': 'No page dimension.',
  'code.7': 'Invalid file.',
  'code.8': 'Unsupported function.',
  'code.9': 'Invalid font name.',
  'code.90': 'Network failed: the helper could not connect to the printer.',
  'code.91': 'Network timeout: the printer did not answer in time.',
  'code.92': 'Network error: the connection to the printer broke.',
  'code.93': 'Network abort: the print job was cancelled.',
  'code.94': 'Network unsupported: the printer cannot be reached over the network.',
  'code.95': 'Network exception.',
  'code.unknown': 'The print helper reported error {{code}}.',
  /** Appended to a code's text when the helper said more (its resultInfo). */
  detail: '{{message}} ({{detail}})',
  timeout: 'timeout of {{ms}}ms exceeded',
  notFound: 'The print helper was not detected on this computer. Download and install the latest version?',
  pluginNotDetected: 'Printer plugin not detected',
  networkPlainHttp:
    'The print helper on this computer could not be reached: the browser probably blocked this page from ' +
    'accessing your local network. In Chrome, click the site information icon left of the address, set ' +
    '"Local network access" to Allow and reload the page. In older Chrome versions, open ' +
    'chrome://flags/#block-insecure-private-network-requests, set it to Disabled and restart the browser. ' +
    'If the helper is not installed yet, download and install it first.',
  network: 'The print helper could not be reached. Check that it is running, then try again.',
  badReply: 'The print helper sent a reply this page does not understand{{status}}.',
  badReplyStatus: ' (HTTP {{status}})',
  aborted: 'The request to the print helper was cancelled.',
} as const;

export type HelperMessageKey = keyof typeof HELPER_MESSAGES_EN;

export const HELPER_MESSAGES_ZH: Record<HelperMessageKey, string> = {
  'code.0': '成功。',
  'code.1': '参数错误。',
  'code.2': '系统错误。',
  'code.3': '没有支持的打印机。',
  'code.4': '不支持的打印机。',
  'code.5': '没有打印数据。',
  'code.6': '没有页面尺寸。',
  'code.7': '无效的文件。',
  'code.8': '不支持的功能。',
  'code.9': '无效的字体名称。',
  'code.90': '网络连接失败：打印助手无法连接打印机。',
  'code.91': '网络超时：打印机未及时响应。',
  'code.92': '网络错误：与打印机的连接中断。',
  'code.93': '网络中止：打印任务已取消。',
  'code.94': '不支持网络：无法通过网络连接该打印机。',
  'code.95': '网络异常。',
  'code.unknown': '打印助手返回错误 {{code}}。',
  detail: '{{message}}（{{detail}}）',
  timeout: '请求超时：已超过 {{ms}} 毫秒',
  notFound: '未检测到本机的打印助手，是否下载并安装最新版本？',
  pluginNotDetected: '未检测到打印插件',
  networkPlainHttp:
    '无法连接本机的打印助手：浏览器可能禁止了本页面访问本地网络。在 Chrome 中，请点击地址栏左侧的网站信息图标，' +
    '将“本地网络访问”设为“允许”，然后刷新页面。较旧版本的 Chrome 请打开 ' +
    'chrome://flags/#block-insecure-private-network-requests，将其设为 Disabled 并重启浏览器。' +
    '如果尚未安装打印助手，请先下载安装。',
  network: '无法连接打印助手，请确认打印助手正在运行后重试。',
  badReply: '打印助手返回了本页面无法识别的应答{{status}}。',
  badReplyStatus: '（HTTP {{status}}）',
  aborted: '对打印助手的请求已取消。',
};

/** Both catalogues, keyed like the app's languages (src/app/i18n: zh-CN default, en). */
export const helperMessages = {
  'zh-CN': HELPER_MESSAGES_ZH,
  en: HELPER_MESSAGES_EN as Record<HelperMessageKey, string>,
} as const;

/** One catalogue text with its `{{param}}`s filled; an unknown param stays visible. */
export function helperText(
  key: HelperMessageKey,
  locale: HelperLocale,
  params: Record<string, string | number> = {},
): string {
  const table = helperMessages[locale] ?? helperMessages['zh-CN'];
  return table[key].replace(/\{\{(\w+)\}\}/g, (m, k: string) => (Object.hasOwn(params, k) ? String(params[k]) : m));
}

/** The text the UI shows for `error`. */
export function helperMessage(error: HelperError, locale: HelperLocale): string {
  switch (error.kind) {
    case 'code': {
      const key = `code.${error.code}`;
      const message = isMessageKey(key) ? helperText(key, locale) : helperText('code.unknown', locale, { code: error.code });
      if (!error.detail) return message;
      // The helper's own words (ours are English) follow the catalogue text, without its full stop.
      return helperText('detail', locale, { message: message.replace(/[.。]$/, ''), detail: error.detail });
    }
    case 'timeout':
      return helperText('timeout', locale, { ms: error.ms });
    case 'notFound':
      return helperText('notFound', locale);
    case 'network':
      return helperText(error.plainHttp ? 'networkPlainHttp' : 'network', locale);
    case 'badReply': {
      const status = error.status === undefined ? '' : helperText('badReplyStatus', locale, { status: error.status });
      return helperText('badReply', locale, { status });
    }
    case 'aborted':
      return helperText('aborted', locale);
  }
}

function isMessageKey(key: string): key is HelperMessageKey {
  return Object.hasOwn(HELPER_MESSAGES_EN, key);
}
