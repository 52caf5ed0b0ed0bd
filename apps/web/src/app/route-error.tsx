import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

import { NotFound } from './not-found';

/** Fixed text of spec 2.7, kept verbatim; the German explanation follows below it. */
export const UNEXPECTED_ERROR_TEXT = 'Unexpected Application Error!';

/**
 * Route error element. Its German texts carry defaults because it may render when the translations
 * themselves failed to load.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation(undefined, { useSuspense: false });

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;

  const status = isRouteErrorResponse(error) ? error.status : undefined;
  if (!isRouteErrorResponse(error)) console.error(error);

  return (
    <Container size="sm" py={64}>
      <Stack gap="md" role="alert">
        <Title order={1}>{UNEXPECTED_ERROR_TEXT}</Title>
        <Text>
          {t(
            'errors.unexpectedText',
            'Es ist ein unerwarteter Fehler aufgetreten. Bitte laden Sie die Seite neu oder kehren Sie zur Startseite zurück.',
          )}
        </Text>
        {/* Plain monospace text: Mantine's Code would put its module on every first view for this line. */}
        {status !== undefined ? (
          <Text component="code" ff="monospace" size="sm">
            HTTP {status}
          </Text>
        ) : null}
        <Group>
          <Button component={Link} to="/" reloadDocument>
            {t('common.backHome', 'Zur Startseite')}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              window.location.reload();
            }}
          >
            {t('common.reload', 'Seite neu laden')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

export { RouteError as ErrorBoundary };
