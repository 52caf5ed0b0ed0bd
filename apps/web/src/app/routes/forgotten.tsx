import { ForgottenForm } from '../../features/account/components/forgotten-form';

/** /forgotten: password-reset request (spec 2.1). */
export function Component() {
  return <ForgottenForm />;
}
