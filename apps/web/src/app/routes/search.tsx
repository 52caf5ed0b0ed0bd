import { SearchPage } from '../../features/catalog/components/search-page';

/** /search: vehicle list with filters (spec 2.3). */
export { SearchPage as Component };
export { preloadSearch as preload } from '../../features/catalog/api/preload-search';
