import { useParams } from 'react-router';

import { SetPasswordForm } from '../../features/account/components/set-password-form';

/** /invite/:code: set-password screen, invite variant (spec 2.1). */
export function Component() {
  const code = useParams()['code'] ?? '';
  return <SetPasswordForm key={code} variant="invite" code={code} />;
}
