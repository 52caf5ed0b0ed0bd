import { Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { StepTypeSchema, type TenantEmployee } from '@leasing/contract';

import { TableSkeleton } from '../../../components/table-skeleton';
import { usePageTitle } from '../../../components/use-page-title';
import { useEmployees } from '../api/get-employees';
import { useEmployerFormat } from '../use-employer-format';
import { InviteModal } from './invite-modal';
import { AbsencesModal } from './absences-modal';
import { LeaveModal } from './leave-modal';
import { LoadError } from './load-error';

const STATUS_COLORS: Record<TenantEmployee['status'], string> = { INVITED: 'gray', ACTIVE: 'ev', LEAVING: 'orange' };

function matches(employee: TenantEmployee, query: string): boolean {
  if (query === '') return true;
  const text = [employee.firstName, employee.lastName, employee.email, employee.employeeId ?? ''].join(' ');
  return text.toLowerCase().includes(query.toLowerCase());
}

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
  const employees = useEmployees();
  const [inviting, setInviting] = useState(false);
  const [leaving, setLeaving] = useState<TenantEmployee | null>(null);
  const [absent, setAbsent] = useState<TenantEmployee | null>(null);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query.trim());
  usePageTitle(t('employees.title'));

  const rows = (employees.data ?? []).filter((employee) => matches(employee, deferredQuery));

  let content;
  if (employees.isError) content = <LoadError onRetry={() => void employees.refetch()} />;
  else if (employees.isPending) content = <TableSkeleton />;
  else if (employees.data.length === 0) content = <Text data-testid="employees-empty">{t('employees.empty')}</Text>;
  else
    content = (
      <Stack gap="sm">
        <TextInput
          label={t('employees.search')}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          maw={360}
          type="search"
        />
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="sm" striped highlightOnHover data-testid="employees-table">
            <Table.Caption>{t('employees.caption', { count: rows.length })}</Table.Caption>
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
