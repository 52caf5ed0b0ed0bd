/**
 * How the development trust service holds its credentials, as a QTSP describes them in
 * `credentials/info`: a person's signature credential is authorized by the person at the service's page
 * (`auth/mode` oauth2code), an organisation's seal credential by its holder's software with a PIN
 * (`explicit`); both bind every authorization to the hashes it names (SCAL2) and sign one hash at a time.
 */
import type { TrustServiceCredential } from './trust-service-state.js';

export interface CredentialProfile {
  kind: 'signature' | 'seal';
  authMode: 'oauth2code' | 'explicit';
  scal: '2';
  multisign: 1;
  /** `auth/objects` (explicit mode only). */
  authObjects: { type: 'Password'; id: 'PIN'; format: 'N'; label: string; description: string }[];
}

export function credentialProfile(credential: TrustServiceCredential): CredentialProfile {
  if (credential.subject.organization) {
    return {
      kind: 'seal',
      authMode: 'explicit',
      scal: '2',
      multisign: 1,
      authObjects: [
        { type: 'Password', id: 'PIN', format: 'N', label: 'PIN', description: 'PIN des Siegelzertifikats' },
      ],
    };
  }
  return { kind: 'signature', authMode: 'oauth2code', scal: '2', multisign: 1, authObjects: [] };
}
