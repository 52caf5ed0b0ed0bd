import { RegisterCodeForm } from '../../features/account/components/register-code-form';

/** /register: the employer's registration code (spec 2.1). */
export function Component() {
  return <RegisterCodeForm />;
}
