import { Navigate, useParams } from 'react-router';

import { PayrollPage } from '../../features/employer/components/payroll-page';
import { currentMonth, isMonth } from '../../features/employer/months';

/** /employer/payroll/:month (YYYY-MM); without a valid month the current one. */
export function Component() {
  const { month } = useParams();
  if (!isMonth(month)) return <Navigate to={`/employer/payroll/${currentMonth()}`} replace />;
  return <PayrollPage month={month} />;
}
