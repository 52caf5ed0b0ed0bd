import { FaqPage } from '../../features/faq/components/faq-page';

export { FaqPage as Component };
