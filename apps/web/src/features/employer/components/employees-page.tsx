import { Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmployeeStatuses, StepTypeSchema, type TenantEmployee, type TenantEmployeesQuery } from '@leasing/contract';

import { ListPager, ListSearchInput } from '../../../components/list-controls';
import { ResponsiveTable, type ResponsiveColumn } from '../../../components/responsive-table';
import { TableSkeleton } from '../../../components/table-skeleton';
import { usePageTitle } from '../../../components/use-page-title';
import { useListState } from '../../../lib/list-state';
import { useEmployees } from '../api/get-employees';
import { useEmployerFormat } from '../use-employer-format';
import { InviteModal } from './invite-modal';
import { AbsencesModal } from './absences-modal';
import { ClaimNumbers, hasClaims } from './claim-numbers';
import { DriverNames, hasDrivers } from './driver-names';
import { LeaveModal } from './leave-modal';
import classes from './employees-page.module.css';
import { LoadError } from './load-error';

const STATUS_COLORS: Record<TenantEmployee['status'], string> = { INVITED: 'gray', ACTIVE: 'ev', LEAVING: 'orange' };

const PAGE_SIZE = 50;
type Status = TenantEmployee['status'];
const isStatus = (value: string | null): value is Status => EmployeeStatuses.some((s) => s === value);
/** The list's state lives in the address (q, status, sort, page): a reload or a shared link shows the same page. */
const LIST_STATE = { sorts: ['name', 'employeeId'], filters: { status: EmployeeStatuses } } as const;

interface EmployeeActions {
  onLeave: (e: TenantEmployee) => void;
  onAbsences?: (e: TenantEmployee) => void;
}

/** The person's orders: number and car, step, handover, and the drivers' and damages' buttons. */
function EmployeeOrders({ employee }: { employee: TenantEmployee }) {
  const { t } = useTranslation('employer');
  const { t: tAdmin } = useTranslation('admin');
  const format = useEmployerFormat();
  // The order's step in the words of the approval list; an unknown step is shown as sent.
  const stepText = (status: string) => {
    const step = StepTypeSchema.safeParse(status);
    return step.success ? tAdmin(`status.${step.data}`) : status;
  };
  if (employee.orders.length === 0) return <Text size="sm">–</Text>;
  return (
    <Stack gap={2}>
      {employee.orders.map((order) => (
        <Text size="sm" key={order.orderId}>
          {t('employees.order', { orderId: order.orderId, vehicle: order.vehicle })}
          <Text span size="xs" c="dimmed" display="block">
            {stepText(order.status)}
            {order.handoverDate ? ` · ${t('employees.handover', { date: format.date(order.handoverDate) })}` : ''}
          </Text>
          {hasDrivers(order.status) ? <DriverNames orderId={order.orderId} /> : null}
          {hasClaims(order.status) ? <ClaimNumbers orderId={order.orderId} /> : null}
        </Text>
      ))}
    </Stack>
  );
}

function EmployeeStatus({ employee }: { employee: TenantEmployee }) {
  const { t } = useTranslation('employer');
  const format = useEmployerFormat();
  return (
    <>
      {/* Its whole word: a badge would otherwise give way to the e-mail column and cut its label. */}
      <Badge color={STATUS_COLORS[employee.status]} variant="light" miw="max-content">
        {t(`employees.status.${employee.status}`)}
      </Badge>
      {employee.leavingDate ? (
        <Text size="xs" c="dimmed">
          {t('employees.leavingOn', { date: format.date(employee.leavingDate) })}
        </Text>
      ) : null}
    </>
  );
}

function EmployeeButtons({ employee, onLeave, onAbsences }: { employee: TenantEmployee } & EmployeeActions) {
  const { t } = useTranslation('employer');
  const name = fullName(employee);
  return (
    <Group gap={4}>
      {employee.status === 'LEAVING' ? null : (
        <Button
          size="xs"
          variant="default"
          onClick={() => onLeave(employee)}
          aria-label={t('employees.leaveOf', { name })}
        >
          {t('employees.leave')}
        </Button>
      )}
      {employee.activeLeases > 0 && onAbsences ? (
        <Button
          size="xs"
          variant="default"
          onClick={() => onAbsences(employee)}
          aria-label={t('absences.openOf', { name })}
        >
          {t('absences.openButton')}
        </Button>
      ) : null}
    </Group>
  );
}

const fullName = (employee: TenantEmployee) => `${employee.firstName} ${employee.lastName}`;

/**
 * The people as a table; on a phone each person is a card with the name on top and every column as a
 * line below, the e-mail address on the card's full width (issue #48: a column two characters wide).
 */
function EmployeesTable({ rows, caption, ...actions }: { rows: TenantEmployee[]; caption: string } & EmployeeActions) {
  const { t } = useTranslation('employer');
  const format = useEmployerFormat();
  const columns: ResponsiveColumn<TenantEmployee>[] = [
    { key: 'employeeId', header: t('employees.columns.employeeId'), cell: (e) => e.employeeId ?? '–' },
    {
      key: 'name',
      header: t('employees.columns.name'),
      rowHeader: true,
      cell: (e) => (
        <Text size="sm" fw={600} span>
          {fullName(e)}
        </Text>
      ),
    },
    {
      key: 'email',
      header: t('employees.columns.email'),
      cell: (e) => (
        <Text size="sm" span className={classes.email}>
          {e.email}
        </Text>
      ),
    },
    { key: 'status', header: t('employees.columns.status'), cell: (e) => <EmployeeStatus employee={e} /> },
    { key: 'orders', header: t('employees.columns.orders'), cell: (e) => <EmployeeOrders employee={e} /> },
    { key: 'leases', header: t('employees.columns.leases'), cell: (e) => format.integer(e.activeLeases) },
    {
      key: 'actions',
      header: t('employees.columns.actions'),
      unlabelledOnPhone: true,
      cell: (e) => <EmployeeButtons employee={e} {...actions} />,
    },
  ];
  return (
    <ResponsiveTable
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={(e) => e.id}
      rowAttributes={(e) => ({ 'data-testid': 'employee-row', 'data-employee-id': e.id })}
      testId="employees-table"
      minWidth={860}
      striped
      highlightOnHover
    />
  );
}

/** /employer/employees: the people of the programme, invitations and leavers. */
export function EmployeesPage() {
  // The orders' steps are named in the approval list's words (`admin`): loaded with the page, so the
  // page does not fall back to its skeleton once more when the rows arrive.
  const { t } = useTranslation(['employer', 'admin']);
  const format = useEmployerFormat();
  const { state, update } = useListState(LIST_STATE);
  const status = isStatus(state.filters.status) ? state.filters.status : null;
  const query: TenantEmployeesQuery = {
    ...(state.q ? { q: state.q } : {}),
    ...(status ? { status } : {}),
    ...(state.sort !== 'name' ? { sort: state.sort } : {}),
    page: state.page,
    pageSize: PAGE_SIZE,
  };
  const employees = useEmployees(query);
  const [inviting, setInviting] = useState(false);
  const [leaving, setLeaving] = useState<TenantEmployee | null>(null);
  const [absent, setAbsent] = useState<TenantEmployee | null>(null);
  usePageTitle(t('employees.title'));

  const filtered = state.q !== '' || status !== null;
  const rows = employees.data?.items ?? [];
  const total = employees.data?.total ?? 0;

  let content;
  if (employees.isError) content = <LoadError onRetry={() => void employees.refetch()} />;
  else if (employees.isPending) content = <TableSkeleton />;
  else if (total === 0 && !filtered) content = <Text data-testid="employees-empty">{t('employees.empty')}</Text>;
  else
    content = (
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
          <ListSearchInput label={t('employees.search')} value={state.q} onSearch={(q) => update({ q })} />
          <Select
            label={t('employees.statusFilter')}
            data={[
              { value: '', label: t('employees.allStatuses') },
              ...EmployeeStatuses.map((s) => ({ value: s, label: t(`employees.status.${s}`) })),
            ]}
            value={status ?? ''}
            onChange={(value) => update({ filters: { status: isStatus(value) ? value : null } })}
            allowDeselect={false}
            w={180}
          />
          <Select
            label={t('employees.sort')}
            data={[
              { value: 'name', label: t('employees.sortName') },
              { value: 'employeeId', label: t('employees.sortEmployeeId') },
            ]}
            value={state.sort}
            onChange={(value) => update({ sort: value === 'employeeId' ? 'employeeId' : 'name' })}
            allowDeselect={false}
            w={180}
          />
        </Group>
        <EmployeesTable
          rows={rows}
          caption={t('employees.caption', { count: total, formatted: format.integer(total) })}
          onLeave={setLeaving}
          onAbsences={setAbsent}
        />
        {rows.length === 0 ? <Text data-testid="employees-no-match">{t('employees.noMatch')}</Text> : null}
        <ListPager
          total={total}
          pageSize={PAGE_SIZE}
          page={state.page}
          onPage={(page) => update({ page })}
          label={t('employees.pages')}
        />
      </Stack>
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Title order={1}>{t('employees.title')}</Title>
          <Text c="dimmed">{t('employees.intro')}</Text>
        </Stack>
        <Button onClick={() => setInviting(true)}>{t('invite.open')}</Button>
      </Group>
      {content}
      <InviteModal opened={inviting} onClose={() => setInviting(false)} />
      <LeaveModal employee={leaving} onClose={() => setLeaving(null)} />
      <AbsencesModal employee={absent} onClose={() => setAbsent(null)} />
    </Stack>
  );
}
