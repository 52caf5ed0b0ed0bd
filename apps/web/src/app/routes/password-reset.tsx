import { useParams } from 'react-router';

import { SetPasswordForm } from '../../features/account/components/set-password-form';

/** /user/passwordReset/:code: set-password screen, reset variant (spec 2.1). */
export function Component() {
  const code = useParams()['code'] ?? '';
  return <SetPasswordForm key={code} variant="reset" code={code} />;
}
