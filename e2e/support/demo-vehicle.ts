import type { Page } from '@playwright/test';

/**
 * The first vehicle of the signed-in person's search, with its first picture, asked for with the session
 * `page` holds (the API, not the screen: the journeys that use it measure the screen).
 */
export async function firstVehicle(page: Page): Promise<{ id: string; firstPicture: string }> {
  return page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('authData') ?? '{}') as { accessToken?: string };
    const headers = { authorization: `Bearer ${session.accessToken ?? ''}` };
    const [first] = (await (await fetch('/v1/search', { headers })).json()) as { id: string }[];
    if (!first) throw new Error('the search found no vehicle');
    const vehicle = (await (await fetch(`/v1/vehicle/${first.id}`, { headers })).json()) as { pictureUrls: string[] };
    return { id: first.id, firstPicture: vehicle.pictureUrls[0] ?? '' };
  });
}
