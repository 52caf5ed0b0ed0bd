import { valueAt, type ProfileFormValues } from './profile-form';
import type { ProfileFieldName, ProfileForm } from './profile-form-context';

/**
 * The salary form shows its values before react-hook-form (about 13 KB gzip with the zod resolver) has
 * loaded: it loads once the page is used (lib/page-used.ts, docs/decisions/0010). Until then this
 * stand-in holds the values. It answers the fields the way `useForm` would and writes down what was
 * done to the form (values set, errors cleared, a submit), and `handOver` does all of it again, in the
 * same order, on the real form: a first keystroke typed while the library loads is neither lost nor
 * left unvalidated.
 */
export interface FormStandIn {
  readonly form: ProfileForm;
  /** Replays every step on `real` (once its own values are set); later steps go straight to it. */
  handOver(real: ProfileForm): void;
}

type Step = (form: ProfileForm) => void;
type Path = ProfileFieldName;
type SetOptions = Parameters<ProfileForm['setValue']>[2];
type Callback = Parameters<ProfileForm['subscribe']>[0]['callback'];

/** Sets in place, as react-hook-form does: `getValues` of an untouched branch keeps its identity. */
function setAt(values: unknown, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop();
  const parent = valueAt(values, keys);
  if (last !== undefined && typeof parent === 'object' && parent !== null) {
    (parent as Record<string, unknown>)[last] = value;
  }
}

export function createFormStandIn(initial: ProfileFormValues): FormStandIn {
  const values = structuredClone(initial);
  const touched = new Set<string>();
  const dirty = new Set<string>();
  const listeners = new Set<Callback>();
  const steps: Step[] = [];
  let real: ProfileForm | undefined;

  const record = (step: Step) => {
    if (real) step(real);
    else steps.push(step);
  };

  const standIn = {
    formState: { isSubmitted: false, isSubmitting: false },
    getValues: (name?: Path) => (name === undefined ? values : valueAt(values, name)),
    subscribe: ({ callback }: { callback: Callback }) => {
      listeners.add(callback);
      return () => {
        listeners.delete(callback);
      };
    },
    getFieldState: (name: Path) => ({
      invalid: false,
      isDirty: dirty.has(name),
      isTouched: touched.has(name),
      isValidating: false,
      error: undefined,
    }),
    setValue: (name: Path, value: unknown, options?: SetOptions) => {
      if (real) {
        real.setValue(name, value as never, options);
        return;
      }
      setAt(values, name, value);
      if (options?.shouldTouch) touched.add(name);
      if (options?.shouldDirty) dirty.add(name);
      steps.push((form) => {
        form.setValue(name, value as never, options);
      });
      for (const callback of listeners) callback({ values });
    },
    setError: (...args: Parameters<ProfileForm['setError']>) => {
      record((form) => {
        form.setError(...args);
      });
    },
    clearErrors: (...args: Parameters<ProfileForm['clearErrors']>) => {
      record((form) => {
        form.clearErrors(...args);
      });
    },
    handleSubmit:
      (...args: Parameters<ProfileForm['handleSubmit']>) =>
      (event?: { preventDefault?: () => void }) => {
        event?.preventDefault?.();
        record((form) => {
          void form.handleSubmit(...args)();
        });
        return Promise.resolve();
      },
  };

  return {
    // react-hook-form's methods are overloaded by path; the stand-in answers every path the same way.
    form: standIn as unknown as ProfileForm,
    handOver(form) {
      real = form;
      for (const step of steps.splice(0)) step(form);
    },
  };
}
