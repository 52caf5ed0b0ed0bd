import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useSlicedFirstBuild } from './use-sliced-first-build';

/** Shows what the hook hands on and notes it per render. */
function Probe({ data, seen }: { data: string | undefined; seen: (string | undefined)[] }) {
  const shown = useSlicedFirstBuild(data);
  seen.push(shown);
  return <p>{shown ?? 'skeleton'}</p>;
}

describe('useSlicedFirstBuild', () => {
  it('holds the first value back for one render, then follows every change at once', () => {
    const seen: (string | undefined)[] = [];
    const { rerender } = render(<Probe data={undefined} seen={seen} />);
    expect(screen.getByText('skeleton')).toBeInTheDocument();

    seen.length = 0;
    act(() => {
      rerender(<Probe data="first" seen={seen} />);
    });
    // The urgent render still shows the skeleton; the deferred one builds the data.
    expect(seen[0]).toBeUndefined();
    expect(seen.at(-1)).toBe('first');
    expect(screen.getByText('first')).toBeInTheDocument();

    seen.length = 0;
    act(() => {
      rerender(<Probe data="second" seen={seen} />);
    });
    // Once built, a change is shown by the urgent render already.
    expect(seen[0]).toBe('second');
    expect(screen.getByText('second')).toBeInTheDocument();
  });
});
