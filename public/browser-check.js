/*
 * The unsupported-browser notice (label-editor spec section 1: an old browser gets a notice,
 * not a broken page). A classic script in ES3, so that the browsers it is for (Internet
 * Explorer, old Safari) run it: it checks what the app cannot run without (module scripts,
 * WebAssembly for the label engine, Web Workers for rendering, Intl plural rules for the
 * texts, ResizeObserver for the layout) and, when one is missing, writes the notice into
 * the page in the user's language and marks <html data-unsupported>, so the app's own
 * script (src/main.tsx) does not start.
 */
(function () {
  var script = document.createElement('script');
  var supported =
    'noModule' in script &&
    typeof WebAssembly === 'object' &&
    typeof Worker === 'function' &&
    typeof Intl === 'object' &&
    typeof Intl.PluralRules === 'function' &&
    typeof ResizeObserver === 'function';
  if (supported) return;

  var notices = {
    'zh-CN': '您的浏览器版本过低，无法使用本系统。请使用最新版的 Chrome、Edge、Firefox 或 Safari。',
    'zh-TW': '您的瀏覽器版本過舊，無法使用本系統。請使用最新版的 Chrome、Edge、Firefox 或 Safari。',
    en: 'Your browser is too old for Assetmark. Please use a current version of Chrome, Edge, Firefox or Safari.',
    ja: 'お使いのブラウザーは古いため、Assetmark をご利用いただけません。最新版の Chrome、Edge、Firefox または Safari をご利用ください。',
    ko: '브라우저 버전이 낮아 Assetmark를 사용할 수 없습니다. 최신 버전의 Chrome, Edge, Firefox 또는 Safari를 사용하세요.',
    fr: 'Votre navigateur est trop ancien pour Assetmark. Utilisez une version récente de Chrome, Edge, Firefox ou Safari.',
    de: 'Ihr Browser ist zu alt für Assetmark. Bitte verwenden Sie eine aktuelle Version von Chrome, Edge, Firefox oder Safari.',
    es: 'Su navegador es demasiado antiguo para Assetmark. Utilice una versión actual de Chrome, Edge, Firefox o Safari.',
    it: 'Il browser in uso è troppo vecchio per Assetmark. Usa una versione recente di Chrome, Edge, Firefox o Safari.',
    pt: 'Seu navegador é antigo demais para o Assetmark. Use uma versão atual do Chrome, Edge, Firefox ou Safari.'
  };

  // The language the user chose in the app (src/app/state/storage.ts keeps it as JSON),
  // else the browser's; Chinese, the product's default, when neither is one of ours.
  function pick() {
    var chosen = null;
    try {
      chosen = JSON.parse(window.localStorage.getItem('assetmark.language'));
    } catch (e) {
      chosen = null;
    }
    if (chosen && notices.hasOwnProperty(chosen)) return chosen;
    var browser = String(navigator.language || navigator.userLanguage || '');
    if (/^zh-(TW|HK|MO|Hant)/i.test(browser)) return 'zh-TW';
    var base = browser.split('-')[0].toLowerCase();
    if (base === 'zh') return 'zh-CN';
    return notices.hasOwnProperty(base) ? base : 'zh-CN';
  }

  var language = pick();
  document.documentElement.setAttribute('data-unsupported', 'true');
  document.documentElement.setAttribute('lang', language);
  function show() {
    var root = document.getElementById('root');
    if (!root) return;
    root.innerHTML = '';
    var box = document.createElement('div');
    box.setAttribute('role', 'alert');
    box.setAttribute('data-testid', 'browser-unsupported');
    box.style.cssText = 'max-width:36em;margin:15vh auto;padding:24px;font:16px/1.6 sans-serif;border:1px solid #c8c8c8;border-radius:8px;';
    box.appendChild(document.createTextNode(notices[language]));
    root.appendChild(box);
  }
  if (document.readyState === 'loading') document.addEventListener ? document.addEventListener('DOMContentLoaded', show) : window.attachEvent('onload', show);
  else show();
})();
