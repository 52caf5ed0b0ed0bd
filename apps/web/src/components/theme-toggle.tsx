import { ActionIcon, Box, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { MoonIcon, SunIcon } from './icons';

/** Switches light/dark; Mantine's localStorage manager remembers the choice across visits. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const label = t('theme.toggle');

  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="md"
      aria-label={label}
      // Native tooltip: names the scheme the click switches to, without a popover library.
      title={computed === 'dark' ? t('theme.toLight') : t('theme.toDark')}
      onClick={() => {
        setColorScheme(computed === 'dark' ? 'light' : 'dark');
      }}
    >
      {/* Both icons render; CSS shows the right one, so the first paint matches the stored scheme. */}
      <Box component="span" darkHidden lh={0}>
        <MoonIcon />
      </Box>
      <Box component="span" lightHidden lh={0}>
        <SunIcon />
      </Box>
    </ActionIcon>
  );
}
