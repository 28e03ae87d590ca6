import { Outlet } from 'react-router';
import { useAppScanSync } from './pages/inventory/appScanSync';
import { DocumentTitle } from './shell/DocumentTitle';
import { NavigationProgress } from './shell/NavigationProgress';

/**
 * Around every route: the navigation progress bar, the document title, and the inventory scans
 * waiting on the device, synced for the signed-in user wherever they are (appScanSync.ts).
 */
export function RootLayout() {
  useAppScanSync();
  return (
    <>
      <NavigationProgress />
      <DocumentTitle />
      <Outlet />
    </>
  );
}
