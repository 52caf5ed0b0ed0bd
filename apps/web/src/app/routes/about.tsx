import { AboutPage } from '../../features/about/components/about-page';

export { AboutPage as Component };
