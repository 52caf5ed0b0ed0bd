import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import classes from './wait-indicator.module.css';

/** Waits shorter than this show nothing: a flash of a bar would be noise, not information. */
export const WAIT_INDICATOR_DELAY_MS = 300;

/**
 * A progress bar along the top edge whenever the app has waited longer than 300 ms for the server
 * (any query or save in flight), announced to screen readers. It takes no layout space, so nothing
 * moves when it comes and goes.
 */
export function WaitIndicator() {
  const { t } = useTranslation();
  const busy = useIsFetching() + useIsMutating() > 0;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    // Shown once a wait has lasted the delay; forgotten right after it ends (a wait that resumes at
    // once is the same wait and keeps its bar).
    const timer = setTimeout(() => setShown(busy), busy ? WAIT_INDICATOR_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!busy || !shown) return null;
  return <div className={classes.bar} role="progressbar" aria-label={t('common.waiting')} aria-busy="true" />;
}
