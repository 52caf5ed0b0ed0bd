import { Alert, Anchor, Badge, Button, Card, FileInput, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import {
  CONTRACT_VERIFY_MAX_BYTES,
  type ContractRevision,
  type ContractSignature,
  type ContractVerification,
} from '@leasing/contract';

import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-client';
import { dateTimeFormat } from '../../../lib/format';
import { useVerifyContract } from '../api/verify-contract';

function SignatureCard({ signature }: { signature: ContractSignature }) {
  const { t } = useTranslation('contract-check');
  const date = signature.signedAt
    ? dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(
        new Date(signature.signedAt),
      )
    : t('unknownTime');
  return (
    <Card withBorder padding="sm" data-testid="contract-signature">
      <Stack gap={4}>
        <Group justify="space-between">
          <Text fw={600}>{t(`kinds.${signature.kind}`)}</Text>
          <Badge color={signature.trusted ? 'green' : 'orange'} variant="light">
            {signature.trusted ? t('trusted') : t('untrusted')}
          </Badge>
        </Group>
        <Text size="sm">{t('signer', { signer: signature.signer })}</Text>
        <Text size="sm">
          {t('revision', { revision: signature.revision })} · {signature.intact ? t('intact') : t('broken')}
        </Text>
        <Text size="sm">{t('signedAt', { date })}</Text>
        <Text size="sm" c="dimmed">
          {signature.coversWholeDocument ? t('whole') : t('partial')}
        </Text>
      </Stack>
    </Card>
  );
}

/** One sentence per problem of a revision, in the reader's words: what changed after whose signature. */
function revisionSentences(t: ReturnType<typeof useTranslation<'contract-check'>>['t'], revision: ContractRevision) {
  const changes = revision.changes.map((change) => t(`changes.${change.kind}`, { page: change.page })).join(', ');
  return revision.problems.map((problem) => {
    if (problem !== 'modifiedAfterSigning') return t(`findings.${problem}`, { revision: revision.revision });
    return revision.changedAfter
      ? t('findings.changedAfter', { revision: revision.revision, signer: revision.changedAfter, changes })
      : t('findings.changedAfterUnknown', { revision: revision.revision, changes });
  });
}

function Findings({ result }: { result: ContractVerification }) {
  const { t } = useTranslation('contract-check');
  const sentences = [
    ...(result.problems ?? []).map((problem) => t(`findings.${problem}`)),
    ...(result.revisions ?? []).flatMap((revision) => revisionSentences(t, revision)),
  ];
  if (sentences.length === 0) return null;
  return (
    <Stack gap={4} data-testid="contract-check-findings">
      <Text fw={600}>{t('findings.title')}</Text>
      <List>
        {sentences.map((sentence) => (
          <List.Item key={sentence}>{sentence}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

function Answer({ result }: { result: ContractVerification }) {
  const { t } = useTranslation('contract-check');
  const headline = result.signatures.length === 0 ? t('none') : result.valid ? t('valid') : t('invalid');
  return (
    <Stack gap="sm" data-testid="contract-check-answer">
      <Alert color={result.valid ? 'green' : 'red'} title={headline} role="status" />
      {result.valid ? null : <Findings result={result} />}
      {result.orderId !== undefined ? (
        <Text>
          {t('order', { orderId: result.orderId })}{' '}
          <Anchor component={Link} to={`/order/${result.orderId}/workflow`}>
            {t('orderLink')}
          </Anchor>
        </Text>
      ) : null}
      {result.signatures.map((signature, index) => (
        <SignatureCard key={index} signature={signature} />
      ))}
    </Stack>
  );
}

/** "Vertrag prüfen": upload a contract PDF and read what its signatures say (employee, HR, provider). */
export function ContractCheckPage() {
  const { t } = useTranslation('contract-check');
  usePageTitle(t('title'));
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyContract();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (file.size > CONTRACT_VERIFY_MAX_BYTES) {
      setError(t('tooBig'));
      return;
    }
    setError(null);
    verify.mutate(file, {
      onError: (failure) => {
        if (isApiError(failure) && failure.status === 413) setError(t('tooBig'));
        else if (isApiError(failure) && (failure.status === 400 || failure.status === 422)) setError(t('notPdf'));
        else setError(t('failed'));
      },
    });
  };

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t('title')}</Title>
      <Text>{t('intro')}</Text>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <FileInput
            label={t('file')}
            placeholder={t('filePlaceholder')}
            description={t('fileHint')}
            accept="application/pdf"
            value={file}
            onChange={(next) => {
              setFile(next);
              setError(null);
              verify.reset();
            }}
            error={error}
            clearable
          />
          <Group>
            <Button type="submit" disabled={!file} loading={verify.isPending}>
              {t('submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {verify.data && !error ? <Answer result={verify.data} /> : null}
    </Stack>
  );
}
