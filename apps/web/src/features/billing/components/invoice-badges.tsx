import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { InvoiceStatus, InvoiceType } from '@leasing/contract';

const STATUS_COLOR: Record<InvoiceStatus, string> = { ISSUED: 'ev', CREDITED: 'gray' };

/** Rechnung or Gutschrift. */
export function InvoiceTypeBadge({ type }: { type: InvoiceType }) {
  const { t } = useTranslation('billing');
  return (
    <Badge variant="light" color={type === 'CREDIT_NOTE' ? 'orange' : 'blue'}>
      {t(`types.${type}`)}
    </Badge>
  );
}

/** Ausgestellt (in force) or Gutgeschrieben (cancelled by a credit note). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('billing');
  return (
    <Badge variant="light" color={STATUS_COLOR[status]}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}
