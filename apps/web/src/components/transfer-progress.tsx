import { Loader, Progress, Stack, Text } from '@mantine/core';

import {
  formatBytes,
  progressWording,
  transferPercent,
  type ProgressWording,
  type TransferProgress,
} from '../lib/download-with-progress';
import type { UploadProgress } from '../lib/upload-with-progress';

/**
 * A transfer at work: a bar of its percent, or a busy sign while its size is unknown or the server
 * is at work (`percent` null); `text` says the same in words. The bar is named by `label`; the busy
 * sign is an indeterminate progress bar (no value) with the text as its value.
 */
export function TransferProgressView({
  percent,
  label,
  text,
  testId,
}: {
  percent: number | null;
  label: string;
  text: string;
  testId?: string;
}) {
  return (
    <Stack gap={4} w={260} maw="100%" data-testid={testId}>
      {percent === null ? (
        <Loader size="xs" type="dots" role="progressbar" aria-label={label} aria-valuetext={text} />
      ) : (
        <Progress value={percent} size="sm" aria-label={label} />
      )}
      <Text size="xs" c="dimmed">
        {text}
      </Text>
    </Stack>
  );
}

/**
 * A download at work: the bytes received of the file's size, worded by the caller's namespace
 * (`text` gets the wording's key, `waiting`, `received` or `ofTotal`, with its figures).
 */
export function DownloadProgressView({
  progress,
  label,
  text,
  testId,
}: {
  progress: TransferProgress;
  label: string;
  text: (wording: ProgressWording) => string;
  testId?: string;
}) {
  return (
    <TransferProgressView
      percent={transferPercent(progress)}
      label={label}
      text={text(progressWording(progress))}
      testId={testId}
    />
  );
}

/**
 * An upload: the bytes sent of the file's size (`sending`, worded with `loaded` and `total`), then a
 * busy sign with `checking` while the server reads what arrived.
 */
export function UploadProgressView({
  progress,
  label,
  sending,
  checking,
  testId,
}: {
  progress: UploadProgress;
  label: string;
  sending: (figures: { loaded: string; total: string }) => string;
  checking: string;
  testId?: string;
}) {
  if (progress.sent) return <TransferProgressView percent={null} label={label} text={checking} testId={testId} />;
  // The file is ours, so its size is known even where the browser's events do not say it.
  const total = progress.total ?? progress.loaded;
  return (
    <TransferProgressView
      percent={transferPercent({ loaded: progress.loaded, total })}
      label={label}
      text={sending({ loaded: formatBytes(progress.loaded), total: formatBytes(total) })}
      testId={testId}
    />
  );
}
