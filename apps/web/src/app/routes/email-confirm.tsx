import { useParams } from 'react-router';

import { EmailConfirm } from '../../features/account/components/email-confirm';

/** /user/emailConfirm/:code: confirms the e-mail address once (spec 2.1). */
export function Component() {
  const code = useParams()['code'] ?? '';
  return <EmailConfirm key={code} code={code} />;
}
