import {
  DRIVER_LICENCE_MIN_YEARS,
  DRIVER_MAX_AGE,
  DRIVER_MIN_AGE,
  EEA_LICENCE_COUNTRIES,
  type AdditionalDriverRequest,
} from '@leasing/contract';

export interface FieldRefusal {
  field: keyof AdditionalDriverRequest;
  message: string;
}

/** Whole years from one ISO date to another (a birthday on 29 February counts on 1 March). */
export function yearsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  return ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
}

/**
 * The specification's rule for an additional driver on `today` (ISO, Berlin), as German field
 * errors: 18 to 75 years old (a 75-year-old still counts, a 76-year-old not), the licence held for at
 * least two years and issued in an EU or EEA state. Empty when the driver may be added.
 */
export function driverRefusals(driver: AdditionalDriverRequest, today: string): FieldRefusal[] {
  const refusals: FieldRefusal[] = [];
  if (driver.dateOfBirth > today) {
    refusals.push({ field: 'dateOfBirth', message: 'Das Geburtsdatum liegt in der Zukunft.' });
  } else {
    const age = yearsBetween(driver.dateOfBirth, today);
    if (age < DRIVER_MIN_AGE)
      refusals.push({
        field: 'dateOfBirth',
        message: `Zusatzfahrer müssen mindestens ${DRIVER_MIN_AGE} Jahre alt sein.`,
      });
    if (age > DRIVER_MAX_AGE)
      refusals.push({
        field: 'dateOfBirth',
        message: `Zusatzfahrer dürfen höchstens ${DRIVER_MAX_AGE} Jahre alt sein.`,
      });
  }
  if (driver.licenceIssuedOn > today) {
    refusals.push({ field: 'licenceIssuedOn', message: 'Das Ausstellungsdatum liegt in der Zukunft.' });
  } else if (yearsBetween(driver.licenceIssuedOn, today) < DRIVER_LICENCE_MIN_YEARS) {
    refusals.push({
      field: 'licenceIssuedOn',
      message: `Der Führerschein muss seit mindestens ${DRIVER_LICENCE_MIN_YEARS} Jahren bestehen.`,
    });
  } else if (driver.licenceIssuedOn < driver.dateOfBirth) {
    refusals.push({
      field: 'licenceIssuedOn',
      message: 'Der Führerschein kann nicht vor der Geburt ausgestellt sein.',
    });
  }
  if (!(EEA_LICENCE_COUNTRIES as readonly string[]).includes(driver.licenceCountry)) {
    refusals.push({
      field: 'licenceCountry',
      message: 'Der Führerschein muss in einem Staat der EU oder des EWR ausgestellt sein.',
    });
  }
  return refusals;
}
