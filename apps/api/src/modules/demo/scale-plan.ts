import type { StepType } from '@leasing/contract';

/**
 * The shape of a generated provider: how many people each employer has and what state each lease is
 * in. Pure and seeded, so the same options give the same data set.
 */

export interface ScaleOptions {
  employers: number;
  employees: number;
  leases: number;
  /** Seed of the generator (the same seed, the same data). */
  seed?: number;
  /** Published price-list versions (default: one a week for three years). */
  priceLists?: number;
}

/** A small seeded PRNG (mulberry32): fast, and the data set is repeatable. */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const between = (random: () => number, low: number, high: number) =>
  low + Math.floor(random() * (high - low + 1));

/**
 * People per employer, the first being the demo employer: very unequal. The large one takes a quarter
 * (at least 10,000 once there are that many people, half of a small set; a quarter of 60,000 carries
 * 10,000 payroll rows and more), a few mid-sized employers
 * take what the many small ones (20–200 people) leave over.
 */
export function employerSizes(options: ScaleOptions, random: () => number): number[] {
  const { employers, employees } = options;
  if (employers < 1) throw new Error('at least one employer');
  if (employees < employers) throw new Error('at least one person per employer');
  const large =
    employers === 1
      ? employees
      : employees >= 20_000
        ? Math.max(10_000, Math.floor(employees * 0.25))
        : Math.floor(employees / 2);
  const rest = employers - 1;
  const remaining = employees - large;
  const small = Array.from({ length: rest }, () => between(random, 20, 200));
  let sum = small.reduce((a, b) => a + b, 0);
  if (sum > remaining) {
    // A small data set: the same unequal shape, scaled down (at least one person each).
    const factor = remaining / sum;
    for (let i = 0; i < rest; i++) small[i] = Math.max(1, Math.floor((small[i] ?? 1) * factor));
    sum = small.reduce((a, b) => a + b, 0);
  }
  // What is left goes to the first tenth of the others (mid-sized employers), unequally.
  let leftover = remaining - sum;
  const mid = Math.max(1, Math.ceil(rest / 10));
  for (let i = 0; i < mid && leftover > 0 && rest > 0; i++) {
    const share = i === mid - 1 ? leftover : Math.floor(leftover * (0.2 + random() * 0.3));
    small[i] = (small[i] ?? 0) + share;
    leftover -= share;
  }
  const sizes = [large, ...small];
  // Rounding: the last employer takes any difference.
  const diff = employees - sizes.reduce((a, b) => a + b, 0);
  sizes[sizes.length - 1] = (sizes[sizes.length - 1] ?? 0) + diff;
  return sizes;
}

/** A lease's state: the order's current step and whether the car was handed over. */
export interface LeaseState {
  status: StepType;
  handedOver: boolean;
}

const OPEN_PATH: StepType[] = [
  'CONFIRM_SUMMARY',
  'PREVIEW_CONTRACT',
  'NECT_DRIVERS_LICENCE',
  'NECT_SIGN',
  'TENANT_ADMIN_CLICK_CONFIRM',
  'ADMIN_CONFIRM',
  'LEASING_ACTIVE',
];

/** Shares of the states (every state of the workflow occurs). */
const STATE_SHARES: [LeaseState, number][] = [
  [{ status: 'LEASING_ACTIVE', handedOver: true }, 0.62],
  [{ status: 'LEASING_ACTIVE', handedOver: false }, 0.03],
  [{ status: 'ADMIN_CONFIRM', handedOver: false }, 0.04],
  [{ status: 'TENANT_ADMIN_CLICK_CONFIRM', handedOver: false }, 0.05],
  [{ status: 'NECT_SIGN', handedOver: false }, 0.03],
  [{ status: 'NECT_DRIVERS_LICENCE', handedOver: false }, 0.02],
  [{ status: 'PREVIEW_CONTRACT', handedOver: false }, 0.02],
  [{ status: 'CONFIRM_SUMMARY', handedOver: false }, 0.03],
  [{ status: 'DECLINED_BY_TENANT', handedOver: false }, 0.03],
  [{ status: 'DECLINED_BY_ADMIN', handedOver: false }, 0.02],
  [{ status: 'EXPIRED', handedOver: false }, 0.08],
  [{ status: 'BREAKING_CHANGE', handedOver: false }, 0.03],
];

export function leaseState(random: () => number): LeaseState {
  let r = random();
  for (const [state, share] of STATE_SHARES) {
    if (r < share) return state;
    r -= share;
  }
  return { status: 'LEASING_ACTIVE', handedOver: true };
}

/** One status record of the history: `status` null makes the step current. */
export interface HistoryRecord {
  stepType: StepType;
  status: 'ACCEPTED' | 'DECLINED' | null;
}

/**
 * The status records that lead to a state, in the order the workflow writes them (the same records
 * `transitionFor`/`terminate` of the orders module produce), the last current one included.
 */
export function historyOf(state: LeaseState, random: () => number): HistoryRecord[] {
  const records: HistoryRecord[] = [{ stepType: 'CONFIRM_SUMMARY', status: null }];
  const walkTo = (target: StepType) => {
    for (let i = 0; OPEN_PATH[i] !== target && i < OPEN_PATH.length - 1; i++) {
      const current = OPEN_PATH[i];
      const next = OPEN_PATH[i + 1];
      if (!current || !next) break;
      records.push({ stepType: current, status: 'ACCEPTED' }, { stepType: next, status: null });
    }
  };
  const end = (from: StepType, terminal: StepType) => {
    walkTo(from);
    records.push({ stepType: from, status: 'DECLINED' }, { stepType: terminal, status: 'ACCEPTED' });
  };
  switch (state.status) {
    case 'DECLINED_BY_TENANT':
      end('TENANT_ADMIN_CLICK_CONFIRM', 'DECLINED_BY_TENANT');
      break;
    case 'DECLINED_BY_ADMIN':
      end('ADMIN_CONFIRM', 'DECLINED_BY_ADMIN');
      break;
    case 'EXPIRED':
    case 'BREAKING_CHANGE':
      end(OPEN_PATH[between(random, 0, 3)] ?? 'CONFIRM_SUMMARY', state.status);
      break;
    default:
      walkTo(state.status);
      if (state.handedOver) records.push({ stepType: 'LEASING_ACTIVE', status: 'ACCEPTED' });
  }
  return records;
}

/** Whether the contract was signed in this history (a signed contract document exists). */
export function signed(records: HistoryRecord[]): boolean {
  return records.some((r) => r.stepType === 'NECT_SIGN' && r.status === 'ACCEPTED');
}

export const FIRST_NAMES = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Emma',
  'Felix',
  'Greta',
  'Hannes',
  'Ida',
  'Jonas',
  'Katharina',
  'Lukas',
  'Mia',
  'Noah',
  'Olga',
  'Paul',
  'Quirin',
  'Rosa',
  'Simon',
  'Tanja',
  'Ulrich',
  'Vera',
  'Werner',
  'Xenia',
  'Yusuf',
  'Zoe',
  'Ömer',
  'Jürgen',
  'Süleyman',
  'Agnieszka',
];
export const LAST_NAMES = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Schäfer',
  'Koch',
  'Bauer',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Krüger',
  'Hofmann',
  'Hartmann',
  'Lange',
  'Schmitt',
  'Werner',
  'Krause',
  'Meier',
  'Lehmann',
  'Yılmaz',
  'Kowalski',
  'Nguyen',
  'Öztürk',
  'Dąbrowski',
  'Papadopoulos',
];
export const PLACES: [place: string, postcode: string, state: string][] = [
  ['Köln', '50667', 'NW'],
  ['München', '80331', 'BY'],
  ['Berlin', '10115', 'BE'],
  ['Hamburg', '20095', 'HH'],
  ['Leipzig', '04109', 'SN'],
  ['Stuttgart', '70173', 'BW'],
  ['Frankfurt am Main', '60311', 'HE'],
  ['Hannover', '30159', 'NI'],
  ['Dresden', '01067', 'SN'],
  ['Bremen', '28195', 'HB'],
  ['Mainz', '55116', 'RP'],
];
