import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderRoutes } from '../test/render';
import { RouteError } from './route-error';

function Broken(): never {
  throw new Error('boom');
}

describe('route error element', () => {
  it('keeps the literal text and adds a German explanation and a way home', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes([{ path: '/', element: <Broken />, errorElement: <RouteError /> }], '/');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText(/Es ist ein unerwarteter Fehler aufgetreten/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Seite neu laden' })).toBeInTheDocument();
    consoleError.mockRestore();
  });
});
