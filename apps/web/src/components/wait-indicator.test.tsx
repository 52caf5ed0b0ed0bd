import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { withQueryClient } from '../test/query';
import { renderRoutes } from '../test/render';
import { WAIT_INDICATOR_DELAY_MS, WaitIndicator } from './wait-indicator';

/** A screen whose data arrives when the test says so. */
function Waiting({ answer }: { answer: Promise<string> }) {
  const { data } = useQuery({ queryKey: ['slow'], queryFn: () => answer });
  return (
    <>
      <WaitIndicator />
      <p>{data ?? 'noch nichts'}</p>
    </>
  );
}

describe('the wait indicator', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const renderWaiting = () => {
    let arrive: (value: string) => void = () => undefined;
    const answer = new Promise<string>((resolve) => (arrive = resolve));
    renderRoutes(withQueryClient([{ path: '*', element: <Waiting answer={answer} /> }]), '/');
    return (value: string) => arrive(value);
  };

  it('shows nothing for a short wait, a labelled bar after 300 ms, and goes when the data is there', async () => {
    const arrive = renderWaiting();
    await act(() => vi.advanceTimersByTimeAsync(WAIT_INDICATOR_DELAY_MS - 50));
    expect(screen.queryByRole('progressbar')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('progressbar', { name: 'Wird geladen …' })).toBeInTheDocument();
    await act(async () => arrive('angekommen'));
    expect(await screen.findByText('angekommen')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('never shows for an answer faster than 300 ms', async () => {
    const arrive = renderWaiting();
    await act(() => vi.advanceTimersByTimeAsync(100));
    await act(async () => arrive('schnell'));
    expect(await screen.findByText('schnell')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(WAIT_INDICATOR_DELAY_MS * 2));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
