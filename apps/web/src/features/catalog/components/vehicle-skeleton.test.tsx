import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../test/render';
import { FirstPictureContext } from './first-picture';
import { VehicleSkeleton } from './vehicle-skeleton';

describe('VehicleSkeleton', () => {
  it('shows a grey box where the gallery goes while the picture is unknown', () => {
    const { container } = renderWithProviders(<VehicleSkeleton />);
    expect(screen.getByTestId('vehicle-loading')).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows the first picture where the gallery shows it, when the page knows it before the data', () => {
    const { container } = renderWithProviders(
      <FirstPictureContext value="/media/vehicles/abc/side-0.svg">
        <VehicleSkeleton />
      </FirstPictureContext>,
    );
    const picture = container.querySelector('img');
    expect(picture).toHaveAttribute('src', '/media/vehicles/abc/side-0.svg');
    // Decorative while the page is busy: the gallery names it once the vehicle is there.
    expect(picture).toHaveAttribute('alt', '');
    expect(picture).toHaveAttribute('height', '300');
    expect(screen.getByText('Symbolbild')).toBeInTheDocument();
  });
});
