import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './app/i18n';
import { settings } from './app/state/settings';

// Opened on the label editor: its engine's module and default faces load while the app
// starts, not after the editor's code (editorWarmup.ts; they are its first frame's longest wait).
if (location.pathname.startsWith('/label/editor')) void import('./app/pages/label/editorWarmup');

initI18n(settings.language);
document.documentElement.lang = settings.language;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
