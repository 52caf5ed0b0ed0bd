import { Modal } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { AppProviders } from '../app/providers';
import { createTestI18n } from '../test/i18n';
import { DayField, MonthField } from './date-fields';

function Day({ initial = '', onChange, max }: { initial?: string; onChange?: (day: string) => void; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <DayField
      label="Übergabedatum"
      value={value}
      max={max}
      onChange={(day) => {
        setValue(day);
        onChange?.(day);
      }}
    />
  );
}

function renderIn(language: 'de' | 'en', ui: React.ReactNode) {
  return render(
    <AppProviders i18n={createTestI18n(language)} env="test">
      {ui}
    </AppProviders>,
  );
}

describe('date fields (ADR 0062)', () => {
  it('shows the ISO day the German way and hands what is typed on as the ISO day', async () => {
    const changes = vi.fn();
    renderIn('de', <Day initial="2026-03-05" onChange={changes} />);
    const field = screen.getByRole('textbox', { name: 'Übergabedatum' });
    expect(field).toHaveValue('05.03.2026');
    const user = userEvent.setup();
    await user.clear(field);
    expect(changes).toHaveBeenLastCalledWith('');
    expect(field).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
    await user.type(field, '1.7.2026');
    expect(changes).toHaveBeenLastCalledWith('2026-07-01');
    await user.tab();
    expect(field).toHaveValue('01.07.2026');
  });

  it('opens a German calendar from Monday with named arrows; days after the last are not offered', async () => {
    renderIn('de', <Day initial="2026-03-05" max="2026-03-10" />);
    await userEvent.setup().click(screen.getByRole('textbox', { name: 'Übergabedatum' }));
    expect(screen.getByRole('button', { name: 'Vorheriger Monat' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nächster Monat' })).toBeInTheDocument();
    expect(screen.getByText('März 2026')).toBeInTheDocument();
    const weekdays = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(weekdays[0]).toBe('Mo');
    expect(weekdays[6]).toBe('So');
    expect(screen.getByRole('button', { name: 'Dienstag, 10. März 2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Mittwoch, 11. März 2026' })).toBeDisabled();
  });

  it('picks a day from the calendar', async () => {
    const changes = vi.fn();
    renderIn('de', <Day initial="2026-03-05" onChange={changes} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'Übergabedatum' }));
    await user.click(screen.getByRole('button', { name: 'Freitag, 20. März 2026' }));
    expect(changes).toHaveBeenLastCalledWith('2026-03-20');
    expect(screen.getByRole('textbox', { name: 'Übergabedatum' })).toHaveValue('20.03.2026');
  });

  it('shows the British day and an English calendar when the interface is English', async () => {
    renderIn('en', <Day initial="2026-03-05" />);
    const field = screen.getByRole('textbox', { name: 'Übergabedatum' });
    expect(field).toHaveValue('05/03/2026');
    await userEvent.setup().click(field);
    expect(screen.getByText('March 2026')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent('Mo');
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeInTheDocument();
  });

  it('closes the calendar with Escape first, and the dialog around it with the next', async () => {
    const close = vi.fn();
    renderIn(
      'de',
      <Modal opened onClose={close} title="Übergabe">
        <Day initial="2026-03-05" />
      </Modal>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'Übergabedatum' }));
    expect(screen.getByRole('button', { name: 'Nächster Monat' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(close).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Nächster Monat' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('shows the month by name and hands a picked month on as YYYY-MM', async () => {
    const changes = vi.fn();
    renderIn('de', <MonthField label="Monat" value="2026-03" onChange={changes} />);
    const button = screen.getByRole('button', { name: 'Monat' });
    expect(button).toHaveTextContent('März 2026');
    const user = userEvent.setup();
    await user.click(button);
    const dropdown = within(screen.getByRole('dialog'));
    await user.click(dropdown.getByRole('button', { name: 'Mai' }));
    expect(changes).toHaveBeenCalledWith('2026-05');
  });
});
