import { useNavigation } from 'react-router';
import { ProgressBar } from './ProgressBar';

/** The thin bar at the top while a navigation loads (loaders, lazy page chunks). */
export function NavigationProgress() {
  const navigation = useNavigation();
  return <ProgressBar active={navigation.state !== 'idle'} />;
}
