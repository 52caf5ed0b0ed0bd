import { CheckEmail } from '../../features/account/components/check-email';

/** /check-email: shown after registration (spec 2.1). */
export function Component() {
  return <CheckEmail />;
}
