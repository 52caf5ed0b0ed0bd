import { useCallback, useMemo, useState } from 'react';

import type { UserInfoConfig } from '@leasing/contract';

import { loadedOncePageUsed } from '../../lib/page-used';
import { createFormStandIn } from './form-stand-in';
import type { ProfileFormValues } from './profile-form';
import type { ProfileForm } from './profile-form-context';

/** react-hook-form behind the salary form. */
const formEngine = loadedOncePageUsed(() => import('./profile-form-engine'));

/** Loads react-hook-form behind the salary form now (for tests that start with it loaded). */
export const loadProfileFormEngine = formEngine.load;

/**
 * The form's state: a stand-in with the values until react-hook-form has loaded, which happens once the
 * page is used (at once after an in-app navigation), then react-hook-form itself (form-stand-in.ts).
 */
export function useProfileFormState(values: ProfileFormValues, config: UserInfoConfig) {
  const standIn = useMemo(() => createFormStandIn(values), [values]);
  const engine = formEngine.useLoaded();
  const [realForm, setRealForm] = useState<ProfileForm>();
  const [submitting, setSubmitting] = useState(false);

  const onReady = useCallback(
    (form: ProfileForm) => {
      standIn.handOver(form);
      setRealForm(() => form);
    },
    [standIn],
  );
  const engineElement = engine ? (
    <engine.ProfileFormEngine values={values} config={config} onReady={onReady} onSubmitting={setSubmitting} />
  ) : null;
  return { form: realForm ?? standIn.form, submitting, engineElement };
}
