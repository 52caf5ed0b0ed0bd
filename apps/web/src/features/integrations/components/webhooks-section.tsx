import { Badge, Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_TYPES,
  WebhookEndpointCreateRequestSchema,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type WebhookEventType,
} from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { translateValidationMessage } from '../../../lib/validation-messages';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useUpdateWebhookEndpoint,
  useWebhookEndpoints,
} from '../api/webhooks';
import { RevokeDialog } from './credentials';
import { errorText } from './error-text';
import { SecretOnce } from './secret-once';
import { WebhookDeliveries } from './webhook-deliveries';

const STATUS_COLORS = { ACTIVE: 'green', DISABLED: 'gray', FAILING: 'red' } as const;

function CreateEndpointForm({ onCreated }: { onCreated: (created: WebhookEndpointCreated) => void }) {
  const { t } = useTranslation('integrations');
  const { t: tc } = useTranslation();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [errors, setErrors] = useState<{ url?: string; events?: string; description?: string }>({});
  const create = useCreateWebhookEndpoint();
  const notify = useNotify();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = WebhookEndpointCreateRequestSchema.safeParse({ url, events, description: description || null });
    if (!parsed.success) {
      const byField: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'url' || field === 'events' || field === 'description') byField[field] ??= issue.message;
      }
      setErrors(byField);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setUrl('');
        setDescription('');
        setEvents([]);
        onCreated(created);
      },
      onError: (error) => notify.error(errorText(error, t('error.generic'))),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('webhooks.createTitle')}>
      <Stack gap="sm">
        <TextInput
          label={t('webhooks.url')}
          description={t('webhooks.urlHint')}
          placeholder="https://hr.muster-gmbh.de/hooks/leasing"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={translateValidationMessage(tc, errors.url)}
          required
        />
        <TextInput
          label={t('webhooks.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={translateValidationMessage(tc, errors.description)}
          maxLength={200}
        />
        <Checkbox.Group
          label={t('webhooks.events')}
          value={events}
          onChange={(value) => setEvents(WEBHOOK_EVENT_TYPES.filter((type) => value.includes(type)))}
          error={errors.events ? t('webhooks.eventsRequired') : undefined}
          required
        >
          <Stack gap={6} mt={6}>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                value={type}
                label={
                  <>
                    {t(`webhooks.event.${type.replace('.', '_') as EventKey}`)}{' '}
                    <Text span size="xs" c="dimmed" ff="monospace">
                      {type}
                    </Text>
                  </>
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('webhooks.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type EventKey =
  | 'order_signed'
  | 'order_approved'
  | 'order_cancelled'
  | 'lease_started'
  | 'lease_ended'
  | 'absence_created'
  | 'absence_updated'
  | 'absence_deleted'
  | 'employee_left'
  | 'payroll_month_ready'
  | 'invoice_issued';

function EndpointCard({
  endpoint,
  onDelete,
  onShowLog,
}: {
  endpoint: WebhookEndpoint;
  onDelete: () => void;
  onShowLog: () => void;
}) {
  const { t } = useTranslation('integrations');
  const update = useUpdateWebhookEndpoint();
  const notify = useNotify();
  const active = endpoint.status !== 'DISABLED';
  const toggle = () =>
    update.mutate(
      { id: endpoint.id, body: { enabled: !active || endpoint.status === 'FAILING' } },
      { onError: (error) => notify.error(errorText(error, t('error.generic'))) },
    );
  return (
    <Card withBorder padding="sm" component="li">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
              {endpoint.url}
            </Text>
            {endpoint.description && (
              <Text size="sm" c="dimmed">
                {endpoint.description}
              </Text>
            )}
          </Stack>
          <Badge color={STATUS_COLORS[endpoint.status]} variant="light">
            {t(`webhooks.status.${endpoint.status}`)}
          </Badge>
        </Group>
        <Group gap={4}>
          {endpoint.events.map((type) => (
            <Badge key={type} variant="outline" size="sm" tt="none">
              {type}
            </Badge>
          ))}
        </Group>
        {endpoint.status === 'FAILING' && (
          <Text size="sm" c="red">
            {t('webhooks.failingHint')}
          </Text>
        )}
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={onShowLog}>
            {t('webhooks.showLog')}
          </Button>
          <Button size="xs" variant="default" onClick={toggle} loading={update.isPending}>
            {endpoint.status === 'ACTIVE' ? t('webhooks.pause') : t('webhooks.activate')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={onDelete}
            aria-label={t('webhooks.deleteNamed', { url: endpoint.url })}
          >
            {t('webhooks.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Signed webhooks (ADR 0059): the employer's endpoints, their events, their log and a re-send. */
export function WebhooksSection() {
  const { t } = useTranslation('integrations');
  const endpoints = useWebhookEndpoints();
  const remove = useDeleteWebhookEndpoint();
  const notify = useNotify();
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify.success(t('webhooks.deleted'));
        setDeleting(null);
      },
      onError: (error) => notify.error(errorText(error, t('error.generic'))),
    });
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="webhooks-title">
      <Stack gap={4}>
        <Title order={2} size="h3" id="webhooks-title">
          {t('webhooks.title')}
        </Title>
        <Text c="dimmed" size="sm" maw={720}>
          {t('webhooks.intro', { max: WEBHOOK_ENDPOINTS_MAX })}
        </Text>
      </Stack>
      {created && (
        <SecretOnce title={t('webhooks.createdTitle')} secret={created.secret} onDone={() => setCreated(null)} />
      )}
      {endpoints.isError ? (
        <Text c="red">{t('error.load')}</Text>
      ) : endpoints.data && endpoints.data.length > 0 ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('webhooks.listLabel')}>
          {endpoints.data.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              onDelete={() => setDeleting(endpoint)}
              onShowLog={() => setLogOf(endpoint)}
            />
          ))}
        </Stack>
      ) : endpoints.data ? (
        <Text size="sm">{t('webhooks.empty')}</Text>
      ) : null}
      <Card withBorder padding="md">
        <Title order={3} size="h4" mb="sm">
          {t('webhooks.createTitle')}
        </Title>
        <CreateEndpointForm onCreated={setCreated} />
      </Card>
      <RevokeDialog
        name={deleting?.url ?? null}
        title={t('webhooks.deleteTitle')}
        text={t('webhooks.deleteText', { url: deleting?.url ?? '' })}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
      <WebhookDeliveries endpoint={logOf} onClose={() => setLogOf(null)} />
    </Stack>
  );
}
