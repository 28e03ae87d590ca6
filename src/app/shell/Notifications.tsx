import { useEffect } from 'react';
import { Toast, ToastTitle, Toaster, useId, useToastController } from '@fluentui/react-components';
import { onNotice } from '../notify';

/** Renders notify() calls as toasts at the top of the page. */
export function Notifications() {
  const toasterId = useId('app-toaster');
  const { dispatchToast } = useToastController(toasterId);
  useEffect(
    () =>
      onNotice(({ intent, message }) =>
        dispatchToast(
          <Toast>
            <ToastTitle>{message}</ToastTitle>
          </Toast>,
          { intent, timeout: intent === 'error' || intent === 'warning' ? 6000 : 3000 },
        ),
      ),
    [dispatchToast],
  );
  return <Toaster toasterId={toasterId} position="top" pauseOnHover />;
}
