import { useParams } from 'react-router';

import { SetPasswordForm } from '../../features/account/components/set-password-form';

/** /register/set-password/:code: set-password screen, welcome variant (spec 2.1). */
export function Component() {
  const code = useParams()['code'] ?? '';
  return <SetPasswordForm key={code} variant="welcome" code={code} />;
}
