/**
 * Shapes shared by the generated PAP modules and the hand-written engine around them.
 */

/** Specification of one PAP input, emitted by the generator from the XML and the input domains. */
export interface PapInputSpec {
  /** Input name exactly as in the PAP (e.g. `RE4`, `STKL`, `KVZ`). */
  readonly name: string;
  /** Java type in the PAP XML. */
  readonly javaType: 'int' | 'double' | 'BigDecimal';
  /** Decimal places accepted; the engine passes value x 10^scale to the generated code. */
  readonly scale: number;
  /** Smallest allowed value, times 10^scale. */
  readonly min: number;
  /** Largest allowed value, times 10^scale. */
  readonly max: number;
  /** Value used when the input is left out (times 10^scale), or null if it is required. */
  readonly default: number | null;
  /** 'cent' for money amounts, 'number' otherwise. */
  readonly unit: 'cent' | 'number';
}

/** Description of a generated PAP module. */
export interface PapModuleMeta {
  /** The PAP name attribute, e.g. `Lohnsteuer2026`. */
  readonly papName: string;
  /** The PAP version attribute (the BMF keeps it at 1.0 for every re-issue). */
  readonly papVersion: string;
  /** The "Stand" comment of the XML (release timestamp), or '' if absent. */
  readonly stand: string;
  /** File name of the XML in `packages/payroll/pap-xml/`. */
  readonly xmlFile: string;
  /** SHA-256 of the XML file the module was generated from. */
  readonly xmlSha256: string;
  /** All inputs, in XML order. */
  readonly inputs: readonly PapInputSpec[];
  /** All output names, in XML order. */
  readonly outputs: readonly string[];
}

/** A generated PAP module: metadata plus the calculation over validated, scaled inputs. */
export interface PapModule<Output> {
  readonly meta: PapModuleMeta;
  /** A fresh array of the inputs in `meta.inputs` order, each at its default, scaled (NaN = required). */
  readonly createInput: () => number[];
  /**
   * Runs the PAP on every input of `meta.inputs`, in that order, validated and scaled
   * (value x 10^scale). Not re-entrant: the module keeps the PAP fields in module state.
   */
  readonly run: (input: readonly number[]) => Output;
}
