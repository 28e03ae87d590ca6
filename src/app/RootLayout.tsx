import { Outlet } from 'react-router';
import { DocumentTitle } from './shell/DocumentTitle';
import { NavigationProgress } from './shell/NavigationProgress';

/** Around every route: the navigation progress bar and the document title. */
export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <DocumentTitle />
      <Outlet />
    </>
  );
}
