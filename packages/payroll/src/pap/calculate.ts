/**
 * Public entry point of the wage tax engine: picks the PAP by version or payment date,
 * validates and scales the inputs, runs the generated code.
 */
import { PapInputError } from './errors.js';
import type { PapInputByVersion, PapOutputByVersion, PapVersionId } from './generated/index.js';
import { scaleInputs } from './inputs.js';
import { isPapVersionId, papModule, PAP_VERSIONS, versionForDate } from './registry.js';

/** Name of an input of any registered PAP version. */
export type LohnsteuerInputName = { [V in PapVersionId]: keyof PapInputByVersion[V] }[PapVersionId];

/** Calculation input naming the PAP version explicitly, e.g. `{ version: '2026', RE4: 500000 }`. */
export type LohnsteuerVersionInput = {
  [V in PapVersionId]: { readonly version: V; readonly date?: undefined } & PapInputByVersion[V];
}[PapVersionId];

/**
 * Calculation input selecting the PAP by payment date, e.g. `{ date: '2026-03-01', RE4: 500000 }`.
 * Inputs unknown to the selected version are rejected at run time.
 */
export type LohnsteuerDateInput = { readonly date: string; readonly version?: undefined } & {
  readonly [K in LohnsteuerInputName]?: number | string;
};

/**
 * Input of unknown shape, e.g. parsed JSON: `version` or `date` plus PAP inputs. Everything
 * is checked at run time.
 */
export interface LohnsteuerDynamicInput {
  readonly version?: string;
  readonly date?: string;
  readonly [name: string]: unknown;
}

/**
 * Admits dynamic inputs (version typed as plain `string`, parsed JSON) while a literal
 * version such as '2025' must match that version's input type exactly.
 */
type WideSelector<T extends LohnsteuerDynamicInput> = string extends T['version'] ? unknown : never;

/** Any typed calculation input. Money in cent; decimals (KVZ, ZKF, PVA, f) as numbers or strings. */
export type LohnsteuerInput = LohnsteuerVersionInput | LohnsteuerDateInput;

/** Outputs of any PAP version (all in cent). */
export type LohnsteuerOutput = PapOutputByVersion[PapVersionId];

function selectVersion(input: Readonly<Record<string, unknown>>): PapVersionId {
  const { version, date } = input;
  if (version !== undefined && date !== undefined) {
    throw new PapInputError('Give either "version" or "date", not both.', 'version');
  }
  if (version !== undefined) {
    if (isPapVersionId(version)) return version;
    const known = PAP_VERSIONS.map((v) => v.id).join(', ');
    throw new PapInputError(`Unknown PAP version ${JSON.stringify(version)}; known versions: ${known}.`, 'version');
  }
  if (date !== undefined) {
    if (typeof date !== 'string') throw new PapInputError('"date" must be a string YYYY-MM-DD.', 'date');
    return versionForDate(date).id;
  }
  throw new PapInputError('Missing "version" or "date" to select the PAP.', 'version');
}

/**
 * Calculates German wage tax (Lohnsteuer), solidarity surcharge and church tax base with
 * the official BMF Programmablaufplan (PAP) for the selected version or payment date.
 *
 * Inputs use the PAP's names and units: money in cent (integers), `KVZ` in percent with up
 * to 2 decimals, `ZKF` with 1 decimal, `f` with 3 decimals (numbers or decimal strings).
 * Left-out inputs take the PAP's defaults. Returns every output the PAP declares
 * (`LSTLZZ`, `SOLZLZZ`, `BK`, `STS`, `SOLZS`, `BKS`, ...) as integer cent.
 *
 * @throws PapInputError on unknown input names, non-numeric values, too many decimals,
 *   out-of-range values (e.g. STKL not 1-6, LZZ not 1-4, negative money), bad version/date
 * @throws PapVersionNotFoundError if no PAP covers the payment date
 * @example calculateLohnsteuer({ version: '2026', LZZ: 2, STKL: 1, RE4: 500000, KVZ: '2.50', PVZ: 1 })
 */
export function calculateLohnsteuer<V extends PapVersionId>(
  input: { readonly version: V } & PapInputByVersion[V],
): PapOutputByVersion[V];
export function calculateLohnsteuer(input: LohnsteuerDateInput): LohnsteuerOutput;
export function calculateLohnsteuer<const T extends LohnsteuerDynamicInput>(
  input: T & WideSelector<T>,
): LohnsteuerOutput;
export function calculateLohnsteuer(input: LohnsteuerInput | LohnsteuerDynamicInput): LohnsteuerOutput {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new PapInputError('Calculation input must be an object.');
  }
  const raw = input as Readonly<Record<string, unknown>>;
  const id = selectVersion(raw);
  const module = papModule(id);
  const scaled = module.createInput();
  scaleInputs(module.meta, id, raw, scaled);
  return module.run(scaled);
}
