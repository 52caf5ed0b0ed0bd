import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import {
  InvoiceRunAnswerSchema,
  InvoiceRunProgressSchema,
  InvoiceRunRequestSchema,
  type InvoiceRunAnswer,
  type InvoiceRunProgress,
  type InvoiceRunRequest,
} from '@leasing/contract';

import { apiClient, isApiError } from '../../../lib/api-client';
import { billingQueryKey } from './keys';

/** How often a run's progress is asked for while it works. */
export const RUN_PROGRESS_POLL_MS = 1000;

const invoicesKey = [...billingQueryKey('provider'), 'invoices'] as const;

/**
 * `POST /v1/provider/invoices/run`: one invoice per employer for the month; a repeat creates nothing.
 * `runId` names the run, whose progress can be read while this request works.
 */
export function runInvoices(request: InvoiceRunRequest): Promise<InvoiceRunAnswer> {
  return apiClient.request('/v1/provider/invoices/run', {
    method: 'POST',
    body: InvoiceRunRequestSchema.parse(request),
    schema: InvoiceRunAnswerSchema,
  });
}

/** `GET /v1/provider/invoices/runs/{runId}`; null while the run has not started (404). */
export async function getInvoiceRunProgress(runId: string, signal?: AbortSignal): Promise<InvoiceRunProgress | null> {
  try {
    return await apiClient.request(`/v1/provider/invoices/runs/${encodeURIComponent(runId)}`, {
      schema: InvoiceRunProgressSchema,
      signal,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/**
 * The request's answer was lost on the way (no connection, or a proxy gave up waiting), while the
 * run itself goes on at the server: its progress record tells how it ends.
 */
export function isLostAnswer(error: unknown): boolean {
  return (
    isApiError(error) && (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504)
  );
}

/** A lost answer's run that has not started after this long never reached the server. */
const NOT_STARTED_AFTER_MS = 30_000;

/** A lost answer's run ended without finishing: stopped by an error, or its server went away. */
export class InvoiceRunEnded extends Error {
  constructor(readonly status: 'FAILED' | 'INTERRUPTED') {
    super(`invoice run ${status}`);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After a lost answer: asks for the run's record every second until it has ended, and answers what
 * the request would have answered. `seen` is told each record, for the screen.
 */
async function awaitRecordedEnd(
  runId: string,
  lostError: unknown,
  seen: (record: InvoiceRunProgress) => void,
): Promise<InvoiceRunAnswer> {
  const since = Date.now();
  for (;;) {
    const record = await getInvoiceRunProgress(runId).catch(() => undefined);
    if (record) seen(record);
    if (record?.status === 'FINISHED' && record.answer) return record.answer;
    if (record?.status === 'FAILED' || record?.status === 'INTERRUPTED') throw new InvoiceRunEnded(record.status);
    if (record === null && Date.now() - since > NOT_STARTED_AFTER_MS) throw lostError;
    await pause(RUN_PROGRESS_POLL_MS);
  }
}

export interface InvoiceRun {
  start(month: string): void;
  /** The month of the run started last (null before the first). */
  month: string | null;
  /** The run works: its request is out, or its answer was lost and its record has not ended. */
  working: boolean;
  /** The request's answer was lost; the screen follows the run's record instead. */
  lost: boolean;
  /** The run's record while it works (null until the server has started it). */
  progress: InvoiceRunProgress | null;
  answer: InvoiceRunAnswer | null;
  /** The request was refused (the server's message), failed, or its run ended unfinished (`InvoiceRunEnded`). */
  error: Error | null;
}

/**
 * A run from the screen: each start names a new run, the server records its progress under that
 * name, and the screen asks for it every second while the request works. When the request's answer
 * is lost (a proxy gave up waiting), the run goes on at the server and its record gives the answer.
 */
export function useInvoiceRun(onAnswer: (answer: InvoiceRunAnswer) => void): InvoiceRun {
  const queryClient = useQueryClient();
  const [runId, setRunId] = useState<string | null>(null);
  const [lost, setLost] = useState(false);
  const progressKey = [...billingQueryKey('provider'), 'run', runId] as const;
  const mutation = useMutation({
    mutationFn: async (request: Required<InvoiceRunRequest>) => {
      try {
        return await runInvoices(request);
      } catch (error) {
        if (!isLostAnswer(error)) throw error;
        setLost(true);
        return awaitRecordedEnd(request.runId, error, (record) =>
          queryClient.setQueryData([...billingQueryKey('provider'), 'run', request.runId], record),
        );
      }
    },
    onSuccess: (answer) => {
      onAnswer(answer);
      return queryClient.invalidateQueries({ queryKey: invoicesKey });
    },
  });
  const progress = useQuery({
    queryKey: progressKey,
    queryFn: ({ signal }) => getInvoiceRunProgress(runId ?? '', signal),
    // After a lost answer the mutation asks by itself.
    enabled: runId !== null && mutation.isPending && !lost,
    refetchInterval: RUN_PROGRESS_POLL_MS,
    // A failed poll is asked again at the next tick.
    retry: false,
  });
  return {
    start: (month) => {
      const id = crypto.randomUUID();
      setRunId(id);
      setLost(false);
      mutation.mutate({ month, runId: id });
    },
    month: mutation.variables?.month ?? null,
    working: mutation.isPending,
    lost: lost && mutation.isPending,
    progress: mutation.isPending ? (progress.data ?? null) : null,
    answer: mutation.data ?? null,
    error: mutation.error,
  };
}
