import { useEffect, useRef, useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * A thin top-of-page progress bar in the manner of NProgress with the spec's settings
 * (section 9): it starts at 30 % ("minimum 0.3"), creeps towards 95 % while work goes on,
 * and animates each step over 500 ms ("speed 500"); when done it fills and fades out.
 */
const MINIMUM = 0.3;
const SPEED_MS = 500;
const TRICKLE_MS = 400;

const useStyles = makeStyles({
  track: {
    position: 'fixed',
    insetInlineStart: 0,
    top: 0,
    width: '100%',
    height: '3px',
    zIndex: 10000,
    pointerEvents: 'none',
    transitionProperty: 'opacity',
    transitionDuration: `${SPEED_MS}ms`,
  },
  bar: {
    height: '100%',
    backgroundColor: tokens.colorBrandBackground,
    boxShadow: `0 0 8px ${tokens.colorBrandBackground}`,
    transitionProperty: 'width',
    transitionDuration: `${SPEED_MS}ms`,
    transitionTimingFunction: 'ease',
  },
});

export function ProgressBar({ active }: { active: boolean }) {
  const styles = useStyles();
  const [progress, setProgress] = useState<number | null>(active ? MINIMUM : null);
  const timers = useRef<number[]>([]);

  useEffect(() => {
    const clear = () => {
      // Timeouts and intervals share one id space; clearTimeout ends either.
      for (const id of timers.current) window.clearTimeout(id);
      timers.current = [];
    };
    clear();
    if (active) {
      setProgress((p) => (p === null || p >= 1 ? MINIMUM : p));
      timers.current.push(
        window.setInterval(() => setProgress((p) => (p === null ? MINIMUM : Math.min(0.95, p + (0.95 - p) * 0.15))), TRICKLE_MS),
      );
    } else {
      setProgress((p) => (p === null ? null : 1));
      timers.current.push(window.setTimeout(() => setProgress(null), SPEED_MS * 2));
    }
    return clear;
  }, [active]);

  const visible = progress !== null;
  return (
    <div
      className={styles.track}
      style={{ opacity: visible && (active || progress < 1) ? 1 : 0 }}
      role="progressbar"
      aria-hidden={!visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={visible ? Math.round(progress * 100) : undefined}
      data-active={active || undefined}
    >
      <div className={styles.bar} style={{ width: `${(progress ?? 0) * 100}%` }} />
    </div>
  );
}
