import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { ProgressBar } from './ProgressBar';

const useStyles = makeStyles({
  root: {
    height: '100%',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

/** Shown while the first route loads (checking a remembered session, fetching the page). */
export function InitialLoading() {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <ProgressBar active />
      <Spinner size="medium" />
    </div>
  );
}
