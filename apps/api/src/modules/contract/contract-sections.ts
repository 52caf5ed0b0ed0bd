/**
 * The sections of the transfer contract, one function each (parties, vehicle, package, conversion,
 * kilometres, use, damage, termination, privacy, final provisions). Pure text, no PDF.
 */
import { TERMINATION_FEE_RULE } from './termination-quote.js';
import type { ContractBlock, ContractFact, ContractSection, TransferContractInput } from './contract-types.js';
import {
  cleanText,
  DASH,
  formatDate,
  formatEuro,
  formatEuroPerKm,
  formatKm,
  formatNumber,
  NBSP,
} from './contract-format.js';

const EXCESS_PER_CLAIM_CENTS = 50_000;
const PERMITTED_COUNTRIES = 25;

const TIRES_TEXT: Record<TransferContractInput['leasePackage']['tires'], string> = {
  ALL_SEASON: 'Ganzjahresreifen',
  SUMMER_WINTER_SETS: 'je ein Satz Sommer- und Winterreifen',
};

const DELIVERY_TEXT: Record<TransferContractInput['delivery'], string> = {
  HOME: 'Lieferung an die Wohnanschrift des Arbeitnehmers',
  COMPANY: 'Übergabe am Betriebssitz des Arbeitgebers',
  DEALER: 'Abholung bei einem Vertragshändler',
};

const SALUTATION: Record<string, string> = { mr: 'Herr', ms: 'Frau' };

export function orDash(text: string): string {
  return text === '' ? DASH : text;
}

function joinNonEmpty(parts: string[], separator: string): string {
  return parts.filter((p) => p !== '').join(separator);
}

export function employeeName(e: TransferContractInput['employee'], withSalutation: boolean): string {
  const salutation = withSalutation && e.title ? (SALUTATION[e.title] ?? '') : '';
  return orDash(joinNonEmpty([salutation, cleanText(e.firstName, 80), cleanText(e.lastName, 80)], ' '));
}

function months(n: number): string {
  return `${formatNumber(n)}${NBSP}${n === 1 ? 'Monat' : 'Monate'}`;
}

function partiesSection(input: TransferContractInput): ContractSection {
  const e = input.employee;
  const address = joinNonEmpty(
    [
      joinNonEmpty([cleanText(e.street, 100), cleanText(e.streetNumber, 20)], ' '),
      joinNonEmpty([cleanText(e.postcode, 12), cleanText(e.place, 80)], ' '),
    ],
    ', ',
  );
  const birthDate = e.dateOfBirth ? formatDate(e.dateOfBirth) : '';
  const birth = joinNonEmpty([birthDate === DASH ? '' : birthDate, cleanText(e.placeOfBirth, 80)], ' in ');
  const rows: ContractFact[] = [
    { label: 'Arbeitgeber', value: orDash(cleanText(input.employer.name, 160)) },
    { label: 'Arbeitnehmer', value: employeeName(e, true) },
    { label: 'Anschrift', value: orDash(address) },
    { label: 'Geboren', value: orDash(birth) },
  ];
  const employeeId = cleanText(e.employeeId, 40);
  if (employeeId !== '') rows.push({ label: 'Personalnummer', value: employeeId });
  rows.push({ label: 'E-Mail', value: orDash(cleanText(e.email, 120)) });
  return {
    heading: '§ 1 Vertragsparteien',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Dieser Vertrag wird geschlossen zwischen dem Arbeitgeber und dem Arbeitnehmer (nachfolgend „Arbeitgeber“ und „Arbeitnehmer“):',
      },
      { kind: 'facts', rows },
      {
        kind: 'paragraph',
        text: 'Der Arbeitgeber least das in § 2 bezeichnete Fahrzeug bei einer Leasinggesellschaft und überlässt es dem Arbeitnehmer auf Grundlage des bestehenden Arbeitsverhältnisses als Dienstwagen zur dienstlichen und privaten Nutzung. Eigentümerin des Fahrzeugs ist die Leasinggesellschaft; der Arbeitnehmer erwirbt weder Eigentum am Fahrzeug noch Rechte aus dem Leasingvertrag.',
      },
      {
        kind: 'paragraph',
        text: 'Dieser Vertrag ergänzt den Arbeitsvertrag. Soweit hier nichts anderes geregelt ist, gilt der Arbeitsvertrag unverändert fort.',
      },
    ],
  };
}

function vehicleSection(input: TransferContractInput): ContractSection {
  const v = input.vehicle;
  const ps = Number.isFinite(v.maximumPowerKw) ? Math.round(v.maximumPowerKw * 1.35962) : NaN;
  const power = formatNumber(v.maximumPowerKw);
  const rows: ContractFact[] = [
    { label: 'Hersteller', value: orDash(cleanText(v.brand, 80)) },
    { label: 'Modell', value: orDash(cleanText(v.model, 100)) },
  ];
  const trim = cleanText(v.trimLevel, 100);
  if (trim !== '') rows.push({ label: 'Ausstattungslinie', value: trim });
  rows.push(
    { label: 'Farbe', value: orDash(cleanText(v.color, 80)) },
    { label: 'Antrieb', value: 'rein batterieelektrisch' },
    { label: 'Bruttolistenpreis', value: formatEuro(v.listPriceGrossCents) },
    {
      label: 'Leistung',
      value: power === DASH ? DASH : `${power}${NBSP}kW (${formatNumber(ps)}${NBSP}PS)`,
    },
    { label: 'Reichweite (WLTP)', value: formatKm(v.rangeKm) },
    {
      label: 'Batteriekapazität',
      value: formatNumber(v.batteryKwh, 1) === DASH ? DASH : `${formatNumber(v.batteryKwh, 1)}${NBSP}kWh`,
    },
  );
  const blocks: ContractBlock[] = [
    { kind: 'paragraph', text: 'Gegenstand der Überlassung ist das folgende Neufahrzeug:' },
    { kind: 'facts', rows },
  ];
  if (v.approximate) {
    blocks.push({
      kind: 'note',
      text: 'Hinweis: Die technischen Daten und der Bruttolistenpreis sind Näherungswerte (Demowerte) und dienen nur der Orientierung. Verbindlich sind die Angaben in der Auftragsbestätigung des Herstellers.',
    });
  }
  blocks.push(
    {
      kind: 'paragraph',
      text: 'Maßgeblich für Ausstattung und technische Daten ist die Auftragsbestätigung des Herstellers. Handelsübliche Abweichungen in Konstruktion, Farbe und Ausstattung bleiben vorbehalten, soweit sie für den Arbeitnehmer zumutbar sind.',
    },
    {
      kind: 'paragraph',
      text: 'Die Reichweite ist der Normwert nach dem WLTP-Prüfverfahren. Die tatsächliche Reichweite hängt von Fahrweise, Geschwindigkeit, Außentemperatur sowie Heizung und Klimaanlage ab.',
    },
  );
  return { heading: '§ 2 Fahrzeug', blocks };
}

function packageSection(input: TransferContractInput): ContractSection {
  const p = input.leasePackage;
  const totalKm = (p.kmPerYear * p.durationMonths) / 12;
  const tires = TIRES_TEXT[p.tires] ?? DASH;
  const included: string[] = [];
  const excluded: string[] = [];
  const flag = (on: boolean, text: string) => (on ? included : excluded).push(text);
  flag(p.maintenanceAndServicingIncluded, 'Wartung und Inspektion nach Herstellervorgaben');
  flag(p.vehicleInsuranceIncluded, 'Fahrzeugversicherung mit Haftpflicht, Teil- und Vollkasko (siehe § 7)');
  flag(p.tirePackageIncluded, `Reifenpaket: ${tires}`);
  flag(p.tireChangeIncluded, 'Reifenwechsel einschließlich Einlagerung des zweiten Satzes, soweit vorhanden');
  flag(p.rateInsuranceIncluded, 'Ratenabsicherung für Zeiten ohne Gehaltszahlung (siehe § 8)');
  const blocks: ContractBlock[] = [
    {
      kind: 'facts',
      rows: [
        { label: 'Laufzeit', value: months(p.durationMonths) },
        { label: 'Fahrleistung pro Jahr', value: formatKm(p.kmPerYear) },
        { label: 'Vertragskilometer gesamt', value: formatKm(totalKm) },
        { label: 'Reifen', value: tires },
        { label: 'Übergabe', value: DELIVERY_TEXT[input.delivery] ?? DASH },
        { label: 'Monatliche Gesamtrate (brutto)', value: formatEuro(p.totalMonthlyGrossCostCents) },
      ],
    },
    {
      kind: 'paragraph',
      text:
        included.length > 0
          ? 'Neben der Nutzung des Fahrzeugs sind in der monatlichen Gesamtrate folgende Leistungen enthalten:'
          : 'In der monatlichen Gesamtrate sind neben der Nutzung des Fahrzeugs keine weiteren Leistungen enthalten.',
    },
  ];
  if (included.length > 0) blocks.push({ kind: 'bullets', items: included });
  if (excluded.length > 0) {
    blocks.push({ kind: 'paragraph', text: 'Nicht im Paket enthalten sind:' }, { kind: 'bullets', items: excluded });
  }
  blocks.push(
    {
      kind: 'paragraph',
      text: `Nicht in der Rate enthalten sind außerdem Strom und Ladekosten, Fahrzeugreinigung und Pflegemittel, Bußgelder, Maut- und Parkgebühren, die Selbstbeteiligung nach § 7 sowie Kosten für Mehrkilometer (§ 5) und für Schäden, die über normalen Verschleiß hinausgehen (§ 8).`,
    },
    {
      kind: 'paragraph',
      text: `Die Überlassung beginnt mit der Übergabe des Fahrzeugs (${DELIVERY_TEXT[input.delivery] ?? DASH}) und läuft ${months(p.durationMonths)}. Bei der Übergabe prüfen die Beteiligten das Fahrzeug gemeinsam und halten Mängel in einem Übergabeprotokoll fest. Die Lieferzeit legt der Hersteller fest; sie kann bis zu zwölf Monate betragen.`,
    },
    {
      kind: 'paragraph',
      text: 'Der Arbeitnehmer kann die Bestellung innerhalb einer Woche nach der Bestellbestätigung stornieren. Danach wird das Fahrzeug verbindlich beim Hersteller bestellt.',
    },
  );
  return { heading: '§ 3 Leasingpaket und Laufzeit', blocks };
}

function conversionSection(input: TransferContractInput): ContractSection {
  const c = input.conversion;
  const rule = cleanText(c.benefitRuleLabel, 120);
  const ruleText = rule === '' ? '' : ` (${rule})`;
  const term = months(input.leasePackage.durationMonths);
  const conversion = formatEuro(c.monthlyConversionCents);
  const contribution =
    Number.isFinite(c.employerContributionCents) && c.employerContributionCents > 0
      ? `Der Arbeitgeber beteiligt sich an den Kosten der Überlassung mit einem Zuschuss von ${formatEuro(c.employerContributionCents)} monatlich. Dieser Zuschuss wird nicht vom Gehalt des Arbeitnehmers einbehalten.`
      : 'Ein Zuschuss des Arbeitgebers zu den Kosten der Überlassung wird nicht gewährt.';
  return {
    heading: '§ 4 Gehaltsumwandlung',
    blocks: [
      {
        kind: 'facts',
        rows: [
          { label: 'Umgewandelter Bruttobetrag je Monat', value: conversion },
          { label: 'Zuschuss des Arbeitgebers je Monat', value: formatEuro(c.employerContributionCents) },
          {
            label: 'Geldwerter Vorteil Privatnutzung je Monat',
            value: `${formatEuro(c.privateUseBenefitCents)}${ruleText}`,
          },
          {
            label: 'Geldwerter Vorteil Fahrten Wohnung – Arbeitsstätte je Monat',
            value: formatEuro(c.commutingBenefitCents),
          },
          { label: 'Voraussichtliche Nettobelastung je Monat', value: formatEuro(c.netMonthlyRateCents) },
        ],
      },
      {
        kind: 'paragraph',
        text: `Für die Dauer der Überlassung (${term}) vereinbaren die Parteien, dass der Anspruch des Arbeitnehmers auf Barlohn um ${conversion} brutto monatlich herabgesetzt wird (Gehaltsumwandlung). Die Gehaltsumwandlung beginnt mit dem Monat der Übergabe des Fahrzeugs und betrifft nur künftig fällig werdendes Arbeitsentgelt. ${contribution}`,
      },
      {
        kind: 'paragraph',
        text: 'Die Gehaltsumwandlung mindert das steuerpflichtige Bruttoarbeitsentgelt und das sozialversicherungspflichtige Arbeitsentgelt des Arbeitnehmers. Der umgewandelte Betrag wird in der monatlichen Entgeltabrechnung gesondert ausgewiesen. Der nach der Umwandlung verbleibende Barlohn muss mindestens dem gesetzlichen Mindestlohn entsprechen.',
      },
      {
        kind: 'paragraph',
        text: `Die private Nutzung des Fahrzeugs ist ein geldwerter Vorteil, der als Sachbezug der Lohnsteuer und der Sozialversicherung unterliegt. Er wird nach der pauschalen Listenpreisregelung (§ 8 Abs. 2 i. V. m. § 6 Abs. 1 Nr. 4 EStG) ermittelt; für das rein elektrische Fahrzeug gilt der ermäßigte Ansatz${ruleText}, hier ${formatEuro(c.privateUseBenefitCents)} monatlich. Für Fahrten zwischen Wohnung und erster Tätigkeitsstätte kommen ${formatEuro(c.commutingBenefitCents)} monatlich hinzu. Die Sonderregel für Elektrofahrzeuge gilt nach aktueller Rechtslage für Fahrzeuge, die bis Ende 2030 angeschafft werden.`,
      },
      {
        kind: 'paragraph',
        text: `Aus Gehaltsumwandlung und Versteuerung des geldwerten Vorteils ergibt sich nach den bei der Bestellung angegebenen Gehalts- und Steuerdaten eine voraussichtliche Nettobelastung von ${formatEuro(c.netMonthlyRateCents)} monatlich. Dieser Betrag ist eine unverbindliche Berechnung. Die tatsächliche Belastung ergibt sich aus der jeweiligen Entgeltabrechnung und kann sich ändern, wenn sich Gehalt, Steuerklasse, Beitragssätze oder die Rechtslage ändern. Die Leasingrate selbst ist für die gesamte Laufzeit fest.`,
      },
      {
        kind: 'note',
        text: 'Hinweis zu Rente und Sozialleistungen: Durch die Gehaltsumwandlung sinkt das beitragspflichtige Arbeitsentgelt. Ansprüche aus der gesetzlichen Rentenversicherung sowie Leistungen, die sich nach dem Arbeitsentgelt richten – etwa Arbeitslosengeld, Krankengeld oder Elterngeld –, können dadurch geringer ausfallen. Der Arbeitnehmer bestätigt, auf diese Auswirkungen hingewiesen worden zu sein.',
      },
      ...(c.warnings ?? []).map((w): ContractBlock => ({
        kind: 'note',
        // PROVISIONAL_YEAR: the net figures above use an earlier year's rules (ADR 0035).
        text: `${w.code === 'PROVISIONAL_YEAR' ? 'Berechnungsgrundlage' : 'Wichtiger Hinweis'}: ${cleanText(w.message, 800)}`,
      })),
    ],
  };
}

function kilometreSection(input: TransferContractInput): ContractSection {
  const p = input.leasePackage;
  const totalKm = (p.kmPerYear * p.durationMonths) / 12;
  return {
    heading: '§ 5 Mehr- und Minderkilometer',
    blocks: [
      {
        kind: 'facts',
        rows: [
          { label: 'Vertragskilometer gesamt', value: formatKm(totalKm) },
          { label: 'Preis je Mehrkilometer', value: formatEuroPerKm(p.costsMoreKilometers) },
          { label: 'Erstattung je Minderkilometer', value: formatEuroPerKm(p.reimbursementLessKilometers) },
          { label: 'Toleranz Mehrkilometer', value: formatKm(p.excessMileageAllowance) },
          { label: 'Toleranz Minderkilometer', value: formatKm(p.exemptionLimitLessKilometers) },
          { label: 'Höchstens erstattete Minderkilometer', value: formatKm(p.capFewerKilometers) },
          { label: 'Höchstens abgerechnete Mehrkilometer', value: formatKm(p.capExtraKilometers) },
        ],
      },
      {
        kind: 'paragraph',
        text: `Bei Rückgabe des Fahrzeugs wird die tatsächliche Fahrleistung mit den Vertragskilometern verglichen. Mehrkilometer, die über die Toleranz von ${formatKm(p.excessMileageAllowance)} hinausgehen, werden mit ${formatEuroPerKm(p.costsMoreKilometers)} je Kilometer berechnet und vom Arbeitnehmer getragen.`,
      },
      {
        kind: 'paragraph',
        text: `Minderkilometer, die über die Toleranz von ${formatKm(p.exemptionLimitLessKilometers)} hinausgehen, werden dem Arbeitnehmer mit ${formatEuroPerKm(p.reimbursementLessKilometers)} je Kilometer erstattet, höchstens jedoch für ${formatKm(p.capFewerKilometers)}.`,
      },
      {
        kind: 'paragraph',
        text: `Zeichnet sich ab, dass die Vertragskilometer um mehr als ${formatKm(p.capExtraKilometers)} überschritten werden, informiert der Arbeitnehmer den Arbeitgeber unverzüglich. Die Rate wird dann auf Grundlage der angepassten Fahrleistung neu berechnet; die Gehaltsumwandlung ändert sich entsprechend.`,
      },
      {
        kind: 'paragraph',
        text: 'Die Abrechnung von Mehr- und Minderkilometern erfolgt mit der nächsten Entgeltabrechnung nach der Rückgabe oder, wenn keine mehr erfolgt, gesondert.',
      },
    ],
  };
}

function useSection(): ContractSection {
  return {
    heading: '§ 6 Nutzung des Fahrzeugs',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Der Arbeitnehmer darf das Fahrzeug für dienstliche und private Fahrten nutzen, auch im Urlaub. Er behandelt das Fahrzeug sorgfältig, beachtet die Betriebsanleitung und lässt fällige Wartungen und Inspektionen in einer autorisierten Werkstatt durchführen.',
      },
      { kind: 'paragraph', text: 'Außer dem Arbeitnehmer dürfen weitere Personen das Fahrzeug führen, wenn sie' },
      {
        kind: 'bullets',
        items: [
          'zwischen 18 und 75 Jahre alt sind,',
          'seit mindestens zwei Jahren eine gültige Fahrerlaubnis besitzen und',
          'eine in der Europäischen Union anerkannte Fahrerlaubnis haben.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'Der Arbeitnehmer bleibt für die Nutzung durch weitere Fahrer verantwortlich und stellt sicher, dass nur berechtigte Personen fahren.',
      },
      {
        kind: 'paragraph',
        text: `Fahrten sind in den ${PERMITTED_COUNTRIES} Ländern erlaubt, die in der Länderliste der Fahrzeugversicherung genannt sind. Fahrten in andere Länder bedürfen der vorherigen Zustimmung des Arbeitgebers.`,
      },
      { kind: 'paragraph', text: 'Nicht gestattet sind insbesondere:' },
      {
        kind: 'bullets',
        items: [
          'die gewerbliche Personenbeförderung (z. B. Taxi-, Mietwagen- oder Fahrdienste) und die Vermietung oder dauerhafte Überlassung an Dritte,',
          'die Teilnahme an Rennen, Geschwindigkeitsprüfungen und Fahrten auf Rennstrecken,',
          'Fahrten unter dem Einfluss von Alkohol, Drogen oder Medikamenten, die die Fahrtüchtigkeit beeinträchtigen,',
          'Umbauten, Folierungen und feste Anbauten ohne vorherige schriftliche Zustimmung.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'Das Fahrzeug wird an geeigneten Ladeeinrichtungen geladen (Wallbox, Ladepunkte des Arbeitgebers, öffentliche Ladesäulen); eine Haushaltssteckdose ist nur als Notlösung zu verwenden. Strom und Ladekosten trägt der Arbeitnehmer, soweit der Arbeitgeber sie nicht übernimmt. Das Laden im Betrieb des Arbeitgebers ist nach § 3 Nr. 46 EStG steuerfrei; Kosten für das Laden zu Hause kann der Arbeitgeber als steuerfreien Auslagenersatz erstatten (§ 3 Nr. 50 EStG).',
      },
      {
        kind: 'paragraph',
        text: 'Bußgelder, Verwarnungsgelder, Maut- und Parkgebühren trägt die Person, die das Fahrzeug geführt hat. Anfragen von Behörden werden an den Arbeitnehmer weitergeleitet.',
      },
    ],
  };
}

function damageSection(input: TransferContractInput): ContractSection {
  const excess = formatEuro(EXCESS_PER_CLAIM_CENTS);
  const cover = input.leasePackage.vehicleInsuranceIncluded
    ? 'Das Fahrzeug ist für die Dauer der Überlassung haftpflicht-, teilkasko- und vollkaskoversichert; die Versicherung ist in der monatlichen Gesamtrate enthalten. Eine eigene Kfz-Versicherung für das Fahrzeug benötigt der Arbeitnehmer nicht.'
    : 'Der Arbeitgeber sorgt dafür, dass das Fahrzeug für die Dauer der Überlassung haftpflicht-, teilkasko- und vollkaskoversichert ist.';
  return {
    heading: '§ 7 Schäden, Unfall und Versicherung',
    blocks: [
      { kind: 'paragraph', text: cover },
      {
        kind: 'paragraph',
        text: `In der Teil- und in der Vollkaskoversicherung beträgt die Selbstbeteiligung ${excess} je Schadenfall; sie kann nicht reduziert werden. Bei einem Schaden am Fahrzeug trägt der Arbeitnehmer höchstens die Selbstbeteiligung, es sei denn, er hat den Schaden vorsätzlich oder grob fahrlässig verursacht oder der Versicherer ist aus einem vom Arbeitnehmer zu vertretenden Grund leistungsfrei. Ist ein Dritter schuld, leistet dessen Haftpflichtversicherung.`,
      },
      { kind: 'paragraph', text: 'Nach einem Unfall gilt:' },
      {
        kind: 'bullets',
        items: [
          'Unfallstelle sichern, Erste Hilfe leisten und bei Verletzten den Notruf 112 wählen.',
          'Bei Verletzten, größeren Schäden oder strittigem Hergang die Polizei hinzuziehen.',
          'Rettungskräfte darauf hinweisen, dass es sich um ein Elektrofahrzeug handelt; beschädigte Hochvoltleitungen nicht berühren.',
          'Namen, Anschriften, Kennzeichen und Versicherungen der Beteiligten sowie Zeugen notieren; kein Schuldanerkenntnis abgeben.',
          'Jeden Schaden unverzüglich, spätestens innerhalb einer Woche, dem Kundenservice melden.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'Reparaturen werden ausschließlich in einer vom Kundenservice benannten Partnerwerkstatt durchgeführt, damit Herstellergarantie und Versicherungsschutz erhalten bleiben. Die monatliche Rate ändert sich durch einen Schadenfall nicht; die persönliche Schadenfreiheitsklasse des Arbeitnehmers wird nicht berührt.',
      },
    ],
  };
}

function terminationSection(input: TransferContractInput): ContractSection {
  const p = input.leasePackage;
  const noSalary = p.rateInsuranceIncluded
    ? 'In diesen Zeiten tritt die vereinbarte Ratenabsicherung ein, soweit der Fall nach den Versicherungsbedingungen gedeckt ist. Andernfalls zahlt der Arbeitnehmer die Rate für die Dauer des entgeltfreien Zeitraums direkt an den Arbeitgeber, oder das Fahrzeug wird auf Wunsch des Arbeitnehmers vorzeitig zurückgegeben.'
    : 'In diesen Zeiten zahlt der Arbeitnehmer die Rate für die Dauer des entgeltfreien Zeitraums direkt an den Arbeitgeber, oder das Fahrzeug wird auf Wunsch des Arbeitnehmers vorzeitig zurückgegeben.';
  return {
    heading: '§ 8 Laufzeit, vorzeitige Beendigung und Rückgabe',
    blocks: [
      {
        kind: 'paragraph',
        text: `Die Überlassung ist für ${months(p.durationMonths)} ab Übergabe fest vereinbart. Eine ordentliche Kündigung vor Ablauf der Laufzeit ist ausgeschlossen; das Recht zur außerordentlichen Kündigung aus wichtigem Grund bleibt unberührt.`,
      },
      {
        kind: 'paragraph',
        text: 'Die Überlassung ist an das Arbeitsverhältnis gebunden. Endet das Arbeitsverhältnis vor Ablauf der Laufzeit, endet auch die Überlassung; der Arbeitnehmer gibt das Fahrzeug spätestens am letzten Tag des Arbeitsverhältnisses zurück. Die Gehaltsumwandlung endet mit dem letzten abgerechneten Monat. Eine Übernahme des Leasingvertrags durch den Arbeitnehmer oder einen neuen Arbeitgeber ist nur mit Zustimmung der Leasinggesellschaft möglich.',
      },
      // Early termination: the fee rule of termination-quote.ts, which the termination quote follows to the cent.
      { kind: 'paragraph', text: TERMINATION_FEE_RULE },
      {
        kind: 'paragraph',
        text: `Besteht kein Anspruch auf Arbeitsentgelt, etwa während der Elternzeit, nach Ablauf der Entgeltfortzahlung im Krankheitsfall oder während eines unbezahlten Urlaubs, kann keine Gehaltsumwandlung erfolgen. ${noSalary} Der Arbeitnehmer informiert den Arbeitgeber frühzeitig über solche Zeiträume.`,
      },
      {
        kind: 'paragraph',
        text: 'Bei Ende der Überlassung gibt der Arbeitnehmer das Fahrzeug gereinigt, verkehrs- und betriebssicher mit allen Schlüsseln, den Fahrzeugpapieren, dem Ladekabel, dem Zubehör und gegebenenfalls dem zweiten Reifensatz zurück. Termin und Ort werden rechtzeitig abgestimmt.',
      },
      {
        kind: 'paragraph',
        text: 'Ein unabhängiger Sachverständiger begutachtet das Fahrzeug und erstellt ein Rückgabeprotokoll. Normale Gebrauchsspuren, die bei vertragsgemäßer Nutzung entsprechend Alter und Laufleistung entstehen, gehen nicht zulasten des Arbeitnehmers. Für darüber hinausgehende Schäden – etwa Dellen, Lackschäden bis auf die Grundierung, Risse in Scheiben, beschädigte Felgen oder Brandlöcher – wird eine Wertminderung berechnet, die der Arbeitnehmer trägt, soweit sie nicht von der Versicherung gedeckt ist. Die Haftung des Arbeitnehmers richtet sich nach den Grundsätzen der Arbeitnehmerhaftung.',
      },
    ],
  };
}

function privacySection(): ContractSection {
  return {
    heading: '§ 9 Datenschutz',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Der Arbeitgeber verarbeitet die personenbezogenen Daten des Arbeitnehmers, die für die Durchführung dieses Vertrags erforderlich sind – insbesondere Name, Anschrift, Geburtsdatum und -ort, Personalnummer, Kontaktdaten, Gehalts- und Steuerdaten sowie Angaben zur Fahrerlaubnis – auf Grundlage von Art. 6 Abs. 1 lit. b und c DSGVO.',
      },
      {
        kind: 'paragraph',
        text: 'Die Daten werden an die Leasinggesellschaft, den Versicherer, den Hersteller oder Händler, die Entgeltabrechnung und den Mobilitätsdienstleister weitergegeben, soweit dies für die Durchführung erforderlich ist. Identitätsprüfung und elektronische Signatur führt ein spezialisierter Dienstleister durch. Fahrzeugdaten werden nicht zur Leistungs- oder Verhaltenskontrolle genutzt.',
      },
      {
        kind: 'paragraph',
        text: 'Die Daten werden gelöscht, sobald sie für die Durchführung nicht mehr erforderlich sind und keine gesetzlichen Aufbewahrungspflichten entgegenstehen. Der Arbeitnehmer hat das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch sowie das Recht, sich bei einer Datenschutz-Aufsichtsbehörde zu beschweren. Weitere Informationen enthält die Datenschutzerklärung.',
      },
    ],
  };
}

function finalSection(): ContractSection {
  return {
    heading: '§ 10 Schlussbestimmungen',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Der Vertrag wird wirksam, wenn beide Parteien ihn unterzeichnet haben und der Arbeitgeber die Bestellung freigegeben hat. Er kann mit einer qualifizierten elektronischen Signatur geschlossen werden, die der handschriftlichen Unterschrift gleichgestellt ist (Art. 25 Abs. 2 eIDAS-Verordnung). Jede Partei erhält eine Ausfertigung als PDF.',
      },
      {
        kind: 'paragraph',
        text: 'Änderungen und Ergänzungen dieses Vertrags bedürfen der Textform. Mündliche Nebenabreden bestehen nicht.',
      },
      {
        kind: 'paragraph',
        text: 'Sollte eine Bestimmung dieses Vertrags unwirksam sein oder werden, bleibt die Wirksamkeit der übrigen Bestimmungen unberührt. An die Stelle der unwirksamen Bestimmung tritt die gesetzliche Regelung.',
      },
      { kind: 'paragraph', text: 'Es gilt das Recht der Bundesrepublik Deutschland.' },
    ],
  };
}

/** The contract text as sections: preamble, § 1 to § 10. */
export function buildContractSections(input: TransferContractInput): ContractSection[] {
  return [
    {
      heading: 'Präambel',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Der Arbeitgeber bietet seinen Beschäftigten an, ein neues Elektrofahrzeug als Dienstwagen zu nutzen und die Kosten dafür durch Umwandlung eines Teils des künftigen Bruttogehalts zu tragen. Dieser Vertrag regelt die Überlassung des Fahrzeugs, die Gehaltsumwandlung und die Rechte und Pflichten der Parteien während der Laufzeit.',
        },
      ],
    },
    partiesSection(input),
    vehicleSection(input),
    packageSection(input),
    conversionSection(input),
    kilometreSection(input),
    useSection(),
    damageSection(input),
    terminationSection(input),
    privacySection(),
    finalSection(),
  ];
}
