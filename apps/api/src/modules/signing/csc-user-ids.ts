/**
 * The userID a QTSP knows a signer by (CSC `credentials/list`, 11.4): the operator's templates
 * `CSC_SIGNER_USER_ID` and `CSC_SEAL_USER_ID` (config/env.ts checks their placeholders) filled from the
 * identification and the employer, never from a name (docs/decisions/0051-csc-v2-by-the-standard.md).
 */
export interface CscUserIds {
  /** Placeholders `{identCaseId}`, `{userId}`. Default `{identCaseId}`. */
  signer: string;
  /** Placeholder `{tenantId}`. Default `seal-{tenantId}`. */
  seal: string;
}

/** The template with its placeholders filled; throws when a value is missing (never a partial id). */
export function fillUserId(template: string, values: Readonly<Record<string, string | null | undefined>>): string {
  return template.replace(/\{([a-zA-Z]+)\}/g, (_all, name: string) => {
    const value = values[name];
    if (!value) throw new Error(`no value for {${name}} of the userID template`);
    return value;
  });
}
