import { PhotosPage } from '../../features/provider/components/photos-page';

/** /provider/photos: vehicle photos. */
export function Component() {
  return <PhotosPage />;
}
