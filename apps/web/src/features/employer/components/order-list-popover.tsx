import { Button, Group, Loader, Popover, Stack, Text } from '@mantine/core';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/**
 * A small list about one order in the people list (its drivers, its damage reports), behind a button:
 * read only when HR opens it (`queryOf(opened)` enables the query), never for every row of a page.
 */
export function OrderListPopover<T extends { id: string }, K extends readonly unknown[]>({
  button,
  buttonLabel,
  texts,
  queryOf,
  renderItem,
}: {
  button: string;
  /** The button's accessible name, naming the order. */
  buttonLabel: string;
  texts: { loading: string; error: string; none: string };
  queryOf: (enabled: boolean) => UseQueryOptions<T[], Error, T[], K>;
  renderItem: (item: T) => ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  const items = useQuery(queryOf(opened));
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
          aria-label={buttonLabel}
        >
          {button}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        {items.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{texts.loading}</Text>
          </Group>
        ) : items.isError ? (
          <Text size="sm" c="red.8" role="alert">
            {texts.error}
          </Text>
        ) : items.data.length === 0 ? (
          <Text size="sm">{texts.none}</Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.data.map((item) => (
              <Group component="li" key={item.id} gap="xs" wrap="nowrap">
                {renderItem(item)}
              </Group>
            ))}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
