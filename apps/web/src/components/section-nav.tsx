import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';

export interface NavSection {
  to: string;
  label: string;
  /** Active only on this path itself (an area's start page), not on the paths below it. */
  exact?: boolean;
}

/** The sections of an admin area as pill buttons; the current one is marked; wraps on a phone. */
export function SectionNav({ label, sections }: { label: string; sections: readonly NavSection[] }) {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label={label} gap={6} wrap="wrap">
      {sections.map((section) => {
        const active = section.exact
          ? pathname === section.to || pathname === `${section.to}/`
          : pathname.startsWith(section.to);
        return (
          <Button
            key={section.to}
            component={Link}
            to={section.to}
            size="sm"
            radius="xl"
            variant={active ? 'filled' : 'default'}
            aria-current={active ? 'page' : undefined}
          >
            {section.label}
          </Button>
        );
      })}
    </Group>
  );
}
