import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { i18n } from './i18n';
import type { createAppRouter } from './router';
import { GlobalStyles } from './GlobalStyles';
import { Notifications } from './shell/Notifications';

/** The app around `router` (created by main.tsx before React renders: see there). */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <I18nextProvider i18n={i18n}>
      <FluentProvider theme={webLightTheme} style={{ height: '100%' }}>
        <GlobalStyles />
        <RouterProvider router={router} />
        <Notifications />
      </FluentProvider>
    </I18nextProvider>
  );
}
