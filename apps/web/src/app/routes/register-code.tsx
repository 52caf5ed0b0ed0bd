import { useParams } from 'react-router';

import { MissingRegisterCode, RegisterForm } from '../../features/account/components/register-form';

/** /register/:registerCode: registration form, or 'No code present' without a usable code (spec 2.1). */
export function Component() {
  const registerCode = useParams()['registerCode']?.trim() ?? '';
  return registerCode ? <RegisterForm key={registerCode} registerCode={registerCode} /> : <MissingRegisterCode />;
}
