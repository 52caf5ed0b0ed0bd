import { EmployeesPage } from '../../features/employer/components/employees-page';

/** /employer/employees: the employer's people, invitations and leavers. */
export function Component() {
  return <EmployeesPage />;
}
