import type { NotificationData } from '@mantine/notifications';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { TOAST_LONG_MS } from '../config/ui';
import { loadToasts } from './toast-loader';

type Kind = 'success' | 'error' | 'warning' | 'info';

const COLORS: Record<Kind, string> = { success: 'ev', error: 'red', warning: 'yellow', info: 'blue' };

export interface NotifyOptions {
  /** Auto-close in ms: TOAST_SHORT_MS in login/profile parts, TOAST_LONG_MS (default) in order/app-wide parts. */
  autoClose?: number;
  title?: string;
}

export type Notify = Record<Kind, (message: string, options?: NotifyOptions) => string>;

let counter = 0;

/**
 * Toasts with the house rules: close on click anywhere on the toast, pause on hover (Mantine default),
 * a German label on the close button, errors announced assertively and the rest politely.
 */
export function useNotify(): Notify {
  const { t } = useTranslation();
  return useMemo(() => {
    const show =
      (kind: Kind) =>
      (message: string, options: NotifyOptions = {}) => {
        counter += 1;
        const id = `toast-${String(counter)}`;
        const data: NotificationData = {
          id,
          message,
          title: options.title,
          color: COLORS[kind],
          autoClose: options.autoClose ?? TOAST_LONG_MS,
          role: kind === 'error' || kind === 'warning' ? 'alert' : 'status',
          closeButtonProps: { 'aria-label': t('common.closeNotification') },
          onClick: () => {
            void loadToasts().then(({ notifications }) => {
              notifications.hide(id);
            });
          },
          style: { cursor: 'pointer' },
          'data-testid': `toast-${kind}`,
        };
        void loadToasts().then(({ notifications }) => {
          notifications.show(data);
        });
        return id;
      };
    return { success: show('success'), error: show('error'), warning: show('warning'), info: show('info') };
  }, [t]);
}
