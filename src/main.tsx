// First: opened on the label editor, its engine's module and default faces start loading
// before the rest of the app's code runs (editorWarmup.ts; they were its first frame's
// longest wait).
import './app/pages/label/editorWarmup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n, switchLanguage } from './app/i18n';
import { settings } from './app/state/settings';
import { createAppRouter } from './app/router';

initI18n(settings.language);
document.documentElement.lang = settings.language;

// Created before React's first render (not inside it), so the first page's session check
// (GET api/User/Current) and lazy code start downloading while React sets up.
const router = createAppRouter();

// A language not bundled (zh-CN and en are) loads its catalog first: no flash of another
// language on the first frame. A browser public/browser-check.js found lacking keeps its
// notice instead of the app.
if (document.documentElement.dataset.unsupported === undefined) {
  void switchLanguage(settings.language).then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
}
