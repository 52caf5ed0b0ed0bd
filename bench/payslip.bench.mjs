// Payslip comparison throughput on one core, after warm-up, for realistic random profiles.
// Build first: `npx tsc -b packages/payroll`. Run: `node bench/payslip.bench.mjs [seconds]`.
//
// Two figures:
//  * compareOffer: a prepared profile against one vehicle — what the API does for every vehicle
//    of a search (prepare once per request, then up to 1,000 offers). Target: >= 100,000/s.
//  * calculatePayslipComparison: profile preparation + one offer, i.e. a cold single comparison.
import { calculatePayslipComparison, compareOffer, preparePayslipProfile } from '../packages/payroll/dist/index.js';

const SECONDS = Number(process.argv[2] ?? 2);
const TARGET = 100_000;

/** Deterministic PRNG (mulberry32) so that runs are comparable. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = rng(20260301);
const int = (min, max) => min + Math.floor(random() * (max - min + 1));
const pick = (values) => values[int(0, values.length - 1)];
const eur = (min, max) => int(min * 100, max * 100) / 100;
const STATES = ['BW', 'BY', 'BA', 'BN', 'BB', 'HB', 'HH', 'HE', 'MV', 'NI', 'NW', 'RP', 'SL', 'SN', 'ST', 'SH', 'TH'];

function randomProfile() {
  const taxClass = pick([1, 1, 1, 3, 4, 4, 5, 2, 6]);
  const privateHealth = random() < 0.12;
  const beitragPkv = eur(300, 1000);
  const conversions = [];
  if (random() < 0.15)
    conversions.push({
      conversationType: 'BIKE_LEASING_UNDER_25',
      leasingRate: eur(40, 110),
      monetaryBenefitPrivateUse: eur(8, 25),
    });
  if (random() < 0.1)
    conversions.push({ conversationType: 'COMPANY_PENSION_PLAN', salaryConversionAmount: eur(50, 300) });
  return {
    federalState: pick(STATES),
    dateOfBirth: `${int(1962, 2001)}-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`,
    grossMonthlySalaryEur: eur(2600, 12000),
    taxClass,
    spouseFactor: taxClass === 4 && random() < 0.3 ? int(850, 999) / 1000 : null,
    taxAllowance: random() < 0.1 ? eur(500, 5000) : 0,
    children: random() < 0.5,
    childrenUnder25: int(0, 4),
    childrenAllowances: int(0, 6) / 2,
    pensionInsurance: random() < 0.95,
    unemploymentInsurance: random() < 0.95,
    churchTax: random() < 0.45,
    akb: random() < 0.5,
    healthInsurance: privateHealth ? 'PRIVATE' : 'STATUTORY',
    basicRateHealthInsurance: privateHealth ? null : 14.6,
    additionalAmountHealthInsurance: privateHealth ? null : int(170, 350) / 100,
    arbeitgeberzuschuss: privateHealth,
    beitragPkv: privateHealth ? beitragPkv : null,
    beitragPv: privateHealth ? eur(40, 120) : null,
    basisbeitragSteuerrelevant: privateHealth ? Math.round(beitragPkv * 80) / 100 : null,
    companyPensionPlan: random() < 0.2 ? eur(50, 250) : 0,
    arrivalKilometers: int(0, 60),
    arrivalNumber: int(0, 22),
    salaryConversions: conversions,
  };
}

function randomOffer() {
  return {
    listPriceGrossCents: int(2_800_000, 11_000_000),
    monthlyGrossRateCents: int(25_000, 110_000),
    employerContributionCents: random() < 0.3 ? int(2_000, 10_000) : 0,
    driveType: pick(['BEV', 'BEV', 'BEV', 'PHEV']),
    acquisitionDate: pick(['2026-02-01', '2026-05-15', '2026-09-01']),
    useSingleAssessment: random() < 0.1,
  };
}

const DATE = '2026-03-01';
const profiles = Array.from({ length: 500 }, randomProfile);
const offers = Array.from({ length: 1000 }, randomOffer);
const prepared = profiles.map((p) => preparePayslipProfile(p, DATE));

let sink = 0;

/** Runs `step(i)` for `seconds` and returns calls per second. */
function measure(seconds, step) {
  const deadline = performance.now() + seconds * 1000;
  let calls = 0;
  const start = performance.now();
  while (performance.now() < deadline) {
    for (let k = 0; k < 200; k++) step(calls++);
  }
  return calls / ((performance.now() - start) / 1000);
}

const hot = (i) => {
  sink += compareOffer(prepared[i % prepared.length], offers[(i * 7) % offers.length]).userPrice;
};
const cold = (i) => {
  sink += calculatePayslipComparison(profiles[i % profiles.length], offers[(i * 7) % offers.length], DATE).userPrice;
};

measure(Math.min(1, SECONDS), hot); // warm-up
measure(Math.min(1, SECONDS), cold);
const hotRate = measure(SECONDS, hot);
const coldRate = measure(SECONDS, cold);

const fmt = (n) => Math.round(n).toLocaleString('en-US');
console.log(
  `profiles ${profiles.length}, offers ${offers.length}, payment month ${DATE}, ${SECONDS}s per figure, node ${process.version}`,
);
console.log(
  `compareOffer (prepared profile, one vehicle): ${fmt(hotRate)} comparisons/s  (target ${fmt(TARGET)}: ${hotRate >= TARGET ? 'met' : 'NOT met'})`,
);
console.log(`calculatePayslipComparison (prepare + compare): ${fmt(coldRate)} comparisons/s`);
console.log(`per request of 1,000 vehicles: ${((1000 / hotRate) * 1000).toFixed(1)} ms`);
if (sink === 0.5) console.log('');
