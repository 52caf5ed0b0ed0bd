import { useTranslation } from 'react-i18next';

import classes from './layout.module.css';

/** "Mehr" and its chevron, turned while the list is open. */
export function MoreNavFace({ opened }: { opened: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {t('nav.more')}
      <svg
        width={14}
        height={14}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.5}
        aria-hidden="true"
        focusable="false"
        className={classes.moreChevron}
        data-opened={opened || undefined}
      >
        <path d="m6 9 6 6 6-6" />
      </svg>
    </>
  );
}

/** The button as it looks closed, disabled until the disclosure's code is there (main-nav.tsx). */
export function MoreNavStandIn() {
  return (
    <div className={classes.more}>
      <button type="button" className={classes.navLink} aria-expanded={false} disabled>
        <MoreNavFace opened={false} />
      </button>
    </div>
  );
}
