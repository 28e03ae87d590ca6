import { Button, Tooltip } from '@fluentui/react-components';
import { FullScreenMaximizeRegular, FullScreenMinimizeRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useFullscreen } from '../hooks/useFullscreen';

export function FullscreenToggle() {
  const { t } = useTranslation();
  const { isFullscreen, supported, toggle } = useFullscreen();
  if (!supported) return null;
  const label = isFullscreen ? t('shell.exitFullscreen') : t('shell.enterFullscreen');
  return (
    <Tooltip content={label} relationship="label">
      <Button
        appearance="subtle"
        icon={isFullscreen ? <FullScreenMinimizeRegular /> : <FullScreenMaximizeRegular />}
        onClick={toggle}
        data-testid="fullscreen-toggle"
      />
    </Tooltip>
  );
}
