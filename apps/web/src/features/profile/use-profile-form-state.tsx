import { useCallback, useEffect, useMemo, useState } from 'react';

import type { UserInfoConfig } from '@leasing/contract';

import { pageUsed } from '../../lib/page-used';
import { createFormStandIn } from './form-stand-in';
import type { ProfileFormValues } from './profile-form';
import type { ProfileForm } from './profile-form-context';
import type * as EngineModule from './profile-form-engine';

type Engine = typeof EngineModule;
let loadedEngine: Engine | undefined;
let loadingEngine: Promise<Engine> | undefined;

/** Loads react-hook-form behind the salary form (also for tests that start with it loaded). */
export function loadProfileFormEngine(): Promise<Engine> {
  loadingEngine ??= import('./profile-form-engine').then((module) => (loadedEngine = module));
  return loadingEngine;
}

/**
 * The form's state: a stand-in with the values until react-hook-form has loaded, which happens once the
 * page is used (at once after an in-app navigation), then react-hook-form itself (form-stand-in.ts).
 */
export function useProfileFormState(values: ProfileFormValues, config: UserInfoConfig) {
  const standIn = useMemo(() => createFormStandIn(values), [values]);
  const [engine, setEngine] = useState(() => loadedEngine);
  const [realForm, setRealForm] = useState<ProfileForm>();
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (engine) return undefined;
    let mounted = true;
    void pageUsed()
      .then(loadProfileFormEngine)
      .then((loaded) => {
        if (mounted) setEngine(loaded);
      });
    return () => {
      mounted = false;
    };
  }, [engine]);

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
