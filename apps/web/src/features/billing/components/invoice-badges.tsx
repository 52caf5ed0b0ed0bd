import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { InvoiceStatus, InvoiceType } from '@leasing/contract';

const STATUS_COLOR: Record<InvoiceStatus, string> = { ISSUED: 'ev', CREDITED: 'gray' };
/** A badge keeps its whole word in a narrow table column (Mantine would cut it off with an ellipsis). */
const WHOLE = { minWidth: 'max-content' } as const;

/** Rechnung or Gutschrift. */
export function InvoiceTypeBadge({ type }: { type: InvoiceType }) {
  const { t } = useTranslation('billing');
  return (
    <Badge variant="light" color={type === 'CREDIT_NOTE' ? 'orange' : 'blue'} style={WHOLE}>
      {t(`types.${type}`)}
    </Badge>
  );
}

/** Ausgestellt (in force) or Gutgeschrieben (cancelled by a credit note). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('billing');
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} style={WHOLE}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}
