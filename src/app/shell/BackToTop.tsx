import { useEffect, useState, type RefObject } from 'react';
import { Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { ArrowUpRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

/** Shown once the page has scrolled this far (px). */
const SHOW_AFTER_PX = 320;

const useStyles = makeStyles({
  button: {
    position: 'absolute',
    insetInlineEnd: tokens.spacingHorizontalXXL,
    bottom: tokens.spacingVerticalXXL,
    boxShadow: tokens.shadow16,
    zIndex: 10,
  },
});

/** A floating button that scrolls the page content back to the top (spec section 2). */
export function BackToTop({ scrollTarget }: { scrollTarget: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const el = scrollTarget.current;
    if (!el) return;
    const onScroll = () => setVisible(el.scrollTop > SHOW_AFTER_PX);
    onScroll();
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [scrollTarget]);

  if (!visible) return null;
  return (
    <Tooltip content={t('shell.backToTop')} relationship="label">
      <Button
        className={styles.button}
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
