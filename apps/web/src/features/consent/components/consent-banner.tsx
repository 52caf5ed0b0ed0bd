import { Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { consentStore, type Analytics, type ConsentChoice } from '../consent-store';
import classes from './consent-banner.module.css';

export interface ConsentBannerProps {
  analytics: Analytics;
  initialChoice: ConsentChoice | null;
  /** Opened from the footer: the settings straight away, with focus on them. */
  settings: boolean;
}

function decide(analytics: boolean) {
  const { withdrawn } = consentStore.decide(analytics);
  // A script once run cannot be unloaded: a withdrawal reloads the page without it.
  if (withdrawn) window.location.reload();
}

/**
 * The consent banner: accepting and rejecting are equal buttons side by side (no pre-ticked box, no
 * extra step to say no), and the settings show each purpose. Not modal: the page stays usable.
 */
export function ConsentBanner({ analytics, initialChoice, settings }: ConsentBannerProps) {
  const { t } = useTranslation('consent');
  const titleId = useId();
  const [showSettings, setShowSettings] = useState(settings);
  const [statistics, setStatistics] = useState(initialChoice?.analytics ?? false);
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // Asked for from the footer: take the keyboard there. On a first visit the page keeps the focus.
    if (settings) titleRef.current?.focus();
  }, [settings]);

  return (
    <div className={classes.banner}>
      <Paper
        className={classes.panel}
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        shadow="lg"
        radius="md"
        withBorder
        p="md"
        data-testid="consent-banner"
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id={titleId} ref={titleRef} tabIndex={-1}>
            {t('title')}
          </Title>
          <Text size="sm">{t('text', { host: analytics.host })}</Text>
          {showSettings ? (
            <Stack gap="xs" data-testid="consent-settings">
              <Switch checked disabled label={t('necessary.label')} description={t('necessary.text')} />
              <Switch
                checked={statistics}
                onChange={(event) => setStatistics(event.currentTarget.checked)}
                label={t('statistics.label')}
                description={t('statistics.text', { host: analytics.host })}
              />
            </Stack>
          ) : null}
          <Group gap="sm" justify="flex-end">
            {showSettings ? (
              <Button variant="default" onClick={() => decide(statistics)}>
                {t('save')}
              </Button>
            ) : (
              <Button variant="subtle" onClick={() => setShowSettings(true)}>
                {t('settings')}
              </Button>
            )}
            {settings && initialChoice ? (
              <Button variant="subtle" onClick={() => consentStore.closeSettings()}>
                {t('close')}
              </Button>
            ) : null}
            <Button variant="filled" onClick={() => decide(false)}>
              {t('reject')}
            </Button>
            <Button variant="filled" onClick={() => decide(true)}>
              {t('accept')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </div>
  );
}
