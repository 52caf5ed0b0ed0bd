import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { useId } from './stable-id';

function Labelled({ staticId }: { staticId?: string }) {
  const id = useId(staticId);
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" data-testid="target" id={id} onClick={() => setClicks(clicks + 1)}>
      {clicks}
    </button>
  );
}

describe('useId (stand-in for Mantine’s)', () => {
  it('gives each component its own id, kept across renders', async () => {
    render(
      <>
        <Labelled />
        <Labelled />
      </>,
    );
    const [first, second] = screen.getAllByTestId('target');
    const firstId = first?.id;
    expect(firstId).toMatch(/^mantine-\S+$/);
    expect(second?.id).not.toBe(firstId);
    await userEvent.click(first!);
    expect(first?.textContent).toBe('1');
    expect(first?.id).toBe(firstId);
  });

  it('renders once when it appears, with no second render to change the id', () => {
    const rendered = vi.fn();
    function Counted() {
      rendered();
      return <span id={useId()} />;
    }
    render(<Counted />);
    expect(rendered).toHaveBeenCalledTimes(1);
  });

  it('keeps an id it was given', () => {
    render(<Labelled staticId="salary-field" />);
    expect(screen.getByTestId('target').id).toBe('salary-field');
  });
});
