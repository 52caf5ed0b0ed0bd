/** Root of every query key of the employer's integrations (SSO, SCIM tokens, API keys, webhooks). */
export const integrationsQueryKey = ['employer', 'integrations'] as const;
