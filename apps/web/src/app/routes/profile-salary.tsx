import { SalaryProfile } from '../../features/profile/components/salary-profile';

/** /profile/salary: e-mail block and the personal and salary data form (spec 2.2, 4.4). */
export function Component() {
  return <SalaryProfile />;
}
