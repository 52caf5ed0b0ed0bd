import { FederalStateCodeSchema, federalStateByCode } from '@leasing/contract';

/**
 * The salary data frozen into an order (`orderUserInfo.salaryInfo`) as display rows. The snapshot is
 * read loosely field by field: an old order must stay readable even if today's profile rules differ.
 */
export type SalaryValue =
  | { kind: 'money'; value: number }
  | { kind: 'number'; value: number }
  | { kind: 'percent'; value: number }
  | { kind: 'date'; value: string }
  | { kind: 'bool'; value: boolean }
  | { kind: 'text'; value: string }
  | { kind: 'healthInsurance'; value: 'STATUTORY' | 'PRIVATE' };

export type SalaryKey =
  | 'federalState'
  | 'dateOfBirth'
  | 'grossMonthlySalaryEur'
  | 'taxClass'
  | 'spouseFactor'
  | 'taxAllowance'
  | 'children'
  | 'childrenUnder25'
  | 'childrenAllowances'
  | 'churchTax'
  | 'pensionInsurance'
  | 'unemploymentInsurance'
  | 'akb'
  | 'healthInsurance'
  | 'basicRateHealthInsurance'
  | 'additionalAmountHealthInsurance'
  | 'arbeitgeberzuschuss'
  | 'beitragPkv'
  | 'beitragPv'
  | 'companyPensionPlan'
  | 'arrivalKilometers'
  | 'arrivalNumber'
  | 'commuteSingleAssessment'
  | 'salaryConversions';

export interface SalaryRow {
  key: SalaryKey;
  value: SalaryValue;
}

const KINDS: { key: SalaryKey; kind: SalaryValue['kind'] }[] = [
  { key: 'federalState', kind: 'text' },
  { key: 'dateOfBirth', kind: 'date' },
  { key: 'grossMonthlySalaryEur', kind: 'money' },
  { key: 'taxClass', kind: 'number' },
  { key: 'spouseFactor', kind: 'number' },
  { key: 'taxAllowance', kind: 'money' },
  { key: 'children', kind: 'bool' },
  { key: 'childrenUnder25', kind: 'number' },
  { key: 'childrenAllowances', kind: 'number' },
  { key: 'churchTax', kind: 'bool' },
  { key: 'pensionInsurance', kind: 'bool' },
  { key: 'unemploymentInsurance', kind: 'bool' },
  { key: 'akb', kind: 'bool' },
  { key: 'healthInsurance', kind: 'healthInsurance' },
  { key: 'basicRateHealthInsurance', kind: 'percent' },
  { key: 'additionalAmountHealthInsurance', kind: 'percent' },
  { key: 'arbeitgeberzuschuss', kind: 'bool' },
  { key: 'beitragPkv', kind: 'money' },
  { key: 'beitragPv', kind: 'money' },
  { key: 'companyPensionPlan', kind: 'money' },
  { key: 'arrivalKilometers', kind: 'number' },
  { key: 'arrivalNumber', kind: 'number' },
  { key: 'commuteSingleAssessment', kind: 'bool' },
];

function valueOf(kind: SalaryValue['kind'], raw: unknown): SalaryValue | null {
  switch (kind) {
    case 'money':
    case 'number':
    case 'percent':
      return typeof raw === 'number' && Number.isFinite(raw) ? { kind, value: raw } : null;
    case 'bool':
      return typeof raw === 'boolean' ? { kind, value: raw } : null;
    case 'date':
    case 'text':
      return typeof raw === 'string' && raw !== '' ? { kind, value: raw } : null;
    case 'healthInsurance':
      return raw === 'STATUTORY' || raw === 'PRIVATE' ? { kind, value: raw } : null;
  }
}

/** The rows worth showing: set values only, the federal state by name, conversions as a count. */
export function salaryRows(info: Record<string, unknown> | null): SalaryRow[] {
  if (!info) return [];
  const rows: SalaryRow[] = [];
  for (const { key, kind } of KINDS) {
    const value = valueOf(kind, info[key]);
    if (!value) continue;
    // Only meaningful where it applies: the factor in tax class 4, the Arbeitskammer where it exists.
    if (key === 'spouseFactor' && info['taxClass'] !== 4) continue;
    if ((key === 'akb' || key === 'commuteSingleAssessment') && value.value !== true) continue;
    if (key === 'federalState' && value.kind === 'text') {
      const code = FederalStateCodeSchema.safeParse(value.value);
      rows.push({
        key,
        value: { kind: 'text', value: code.success ? federalStateByCode(code.data).name : value.value },
      });
      continue;
    }
    rows.push({ key, value });
  }
  const conversions = info['salaryConversions'];
  if (Array.isArray(conversions) && conversions.length > 0) {
    rows.push({ key: 'salaryConversions', value: { kind: 'number', value: conversions.length } });
  }
  return rows;
}
