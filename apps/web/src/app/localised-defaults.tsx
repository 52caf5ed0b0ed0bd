import { MantineThemeProvider, type MantineThemeOverride } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Defaults that need the translations, on top of the static theme. The close button of every dialog and
 * drawer and the clear button of a clearable field are icons only, and Mantine gives them no name, so a
 * screen reader announced "button" (axe button-name). They are named "Schließen" / "Close" and
 * "Eingabe löschen" / "Clear" unless a component names them itself.
 */
export function LocalisedDefaults({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const close = t('common.close');
  const clear = t('common.clear');
  const theme = useMemo<MantineThemeOverride>(() => {
    const closeable = { defaultProps: { closeButtonProps: { 'aria-label': close } } };
    const clearable = { defaultProps: { clearButtonProps: { 'aria-label': clear } } };
    return {
      components: {
        Modal: closeable,
        Drawer: closeable,
        FileInput: clearable,
        Select: clearable,
        MultiSelect: clearable,
      },
    };
  }, [close, clear]);
  return <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>;
}
