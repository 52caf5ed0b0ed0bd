import { Badge, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmployeeStatuses, StepTypeSchema, type TenantEmployee, type TenantEmployeesQuery } from '@leasing/contract';

import { ListPager, ListSearchInput } from '../../../components/list-controls';
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
import { LoadError } from './load-error';

const STATUS_COLORS: Record<TenantEmployee['status'], string> = { INVITED: 'gray', ACTIVE: 'ev', LEAVING: 'orange' };

const PAGE_SIZE = 50;
type Status = TenantEmployee['status'];
const isStatus = (value: string | null): value is Status => EmployeeStatuses.some((s) => s === value);
/** The list's state lives in the address (q, status, sort, page): a reload or a shared link shows the same page. */
const LIST_STATE = { sorts: ['name', 'employeeId'], filters: { status: EmployeeStatuses } } as const;

function EmployeeRow({
  employee,
  onLeave,
  onAbsences,
}: {
  employee: TenantEmployee;
  onLeave: (e: TenantEmployee) => void;
  onAbsences?: (e: TenantEmployee) => void;
}) {
  const { t } = useTranslation('employer');
  const { t: tAdmin } = useTranslation('admin');
  const format = useEmployerFormat();
  // The order's step in the words of the approval list; an unknown step is shown as sent.
  const stepText = (status: string) => {
    const step = StepTypeSchema.safeParse(status);
    return step.success ? tAdmin(`status.${step.data}`) : status;
  };
  const name = `${employee.firstName} ${employee.lastName}`;
  return (
    <Table.Tr data-testid="employee-row" data-employee-id={employee.id}>
      <Table.Td>{employee.employeeId ?? '–'}</Table.Td>
      <Table.Th scope="row">
        <Text size="sm" fw={600}>
          {name}
        </Text>
      </Table.Th>
      <Table.Td>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {employee.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[employee.status]} variant="light">
          {t(`employees.status.${employee.status}`)}
        </Badge>
        {employee.leavingDate ? (
          <Text size="xs" c="dimmed">
            {t('employees.leavingOn', { date: format.date(employee.leavingDate) })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        {employee.orders.length === 0 ? (
          <Text size="sm">–</Text>
        ) : (
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
        )}
      </Table.Td>
      <Table.Td>{format.integer(employee.activeLeases)}</Table.Td>
      <Table.Td>
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
            mt={4}
            onClick={() => onAbsences(employee)}
            aria-label={t('absences.openOf', { name })}
          >
            {t('absences.openButton')}
          </Button>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/** /employer/employees: the people of the programme, invitations and leavers. */
export function EmployeesPage() {
  const { t } = useTranslation('employer');
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
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="sm" striped highlightOnHover data-testid="employees-table">
            <Table.Caption>{t('employees.caption', { count: total, formatted: format.integer(total) })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('employees.columns.employeeId')}</Table.Th>
                <Table.Th scope="col">{t('employees.columns.name')}</Table.Th>
                <Table.Th scope="col">{t('employees.columns.email')}</Table.Th>
                <Table.Th scope="col">{t('employees.columns.status')}</Table.Th>
                <Table.Th scope="col">{t('employees.columns.orders')}</Table.Th>
                <Table.Th scope="col">{t('employees.columns.leases')}</Table.Th>
                <Table.Th scope="col">{t('employees.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((employee) => (
                <EmployeeRow key={employee.id} employee={employee} onLeave={setLeaving} onAbsences={setAbsent} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
