import { useClickOutside } from '@mantine/hooks';
import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, matchPath, useLocation } from 'react-router';

import classes from './layout.module.css';
import type { NavItem } from './main-nav';
import { MoreNavFace } from './more-nav-face';

/**
 * "Mehr": a disclosure button with the remaining links below it (the navigation pattern of a
 * disclosure, not an application menu: the links stay links in the navigation landmark). Plain
 * elements instead of Mantine's Menu, whose floating-ui would enter every signed-in first view
 * (ADR 0010). Escape closes it and returns to the button; so do a click outside and leaving it with Tab.
 */
export function MoreNav({ items }: { items: NavItem[] }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useClickOutside<HTMLDivElement>(() => setOpened(false));
  const { pathname } = useLocation();
  const current = items.some((item) => matchPath({ path: item.to, end: false }, pathname) !== null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && opened) {
      event.stopPropagation();
      setOpened(false);
      buttonRef.current?.focus();
    }
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpened(false);
  };

  return (
    <div ref={rootRef} className={classes.more} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={classes.navLink}
        aria-expanded={opened}
        aria-controls={panelId}
        data-current={current || undefined}
        onClick={() => setOpened((open) => !open)}
      >
        <MoreNavFace opened={opened} />
      </button>
      {opened ? (
        <ul id={panelId} className={classes.morePanel}>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={classes.moreLink} onClick={() => setOpened(false)}>
                {t(item.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
