import { SalaryProfile } from '../../features/profile/components/salary-profile';

/** /profile/salary: e-mail block and the personal and salary data form (spec 2.2, 4.4). */
export function Component() {
  return <SalaryProfile />;
}

export { preloadSalaryProfile as preload } from '../../features/profile/api/preload-salary-profile';
