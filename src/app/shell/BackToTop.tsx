import { useEffect, useRef, useState, type RefObject } from 'react';
import { Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { ArrowUpRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { backToTopBottom } from './backToTopLift';

/** Shown once the page has scrolled this far (px). */
const SHOW_AFTER_PX = 320;
/** Resting distance from the bottom of the content area (px), and the space kept above an action bar. */
const BASE_BOTTOM_PX = 24;
const BAR_GAP_PX = 8;
/** Fluent's large circular button, used until the real one has been measured. */
const BUTTON_SIZE_PX = 40;

/**
 * Pages mark their action rows (a form's Save / Cancel) with this attribute so the button never
 * sits on top of them (issue 14: it covered Save on the asset form).
 */
export const ACTION_BAR_ATTR = 'data-action-bar';

const useStyles = makeStyles({
  button: {
    position: 'absolute',
    insetInlineEnd: tokens.spacingHorizontalXXL,
    // `bottom` is set inline: it rises above any action bar on screen.
    transitionProperty: 'bottom',
    transitionDuration: tokens.durationFaster,
    boxShadow: tokens.shadow16,
    zIndex: 10,
  },
});

/** A floating button that scrolls the page content back to the top (spec section 2). */
export function BackToTop({ scrollTarget }: { scrollTarget: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [visible, setVisible] = useState(false);
  const [bottom, setBottom] = useState(BASE_BOTTOM_PX);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const el = scrollTarget.current;
    if (!el) return;
    const update = () => {
      setVisible(el.scrollTop > SHOW_AFTER_PX);
      // The button is placed against the content area's bottom edge; see where the page's
      // action bars are now and lift it clear of them.
      const bars = Array.from(el.querySelectorAll(`[${ACTION_BAR_ATTR}]`), (bar) => bar.getBoundingClientRect());
      const height = buttonRef.current?.offsetHeight || BUTTON_SIZE_PX;
      setBottom(backToTopBottom(el.getBoundingClientRect().bottom, BASE_BOTTOM_PX, height, bars, BAR_GAP_PX));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    // A resize of the area (window, sidebar) or of the page (a section opening) moves the bars
    // without a scroll event.
    const resize = new ResizeObserver(update);
    resize.observe(el);
    if (el.firstElementChild) resize.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, [scrollTarget]);

  if (!visible) return null;
  return (
    <Tooltip content={t('shell.backToTop')} relationship="label">
      <Button
        ref={buttonRef}
        className={styles.button}
        style={{ bottom: `${bottom}px` }}
        shape="circular"
        size="large"
        appearance="primary"
        icon={<ArrowUpRegular />}
        onClick={() => scrollTarget.current?.scrollTo({ top: 0, behavior: 'smooth' })}
        data-testid="back-to-top"
      />
    </Tooltip>
  );
}
