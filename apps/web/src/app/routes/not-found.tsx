import { NotFound } from '../not-found';

export { NotFound as Component };
