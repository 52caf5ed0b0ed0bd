// The few parts of oidc-provider (a devDependency, shipped without types) that the tests' identity
// provider uses (test-support/test-idp.ts).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<AccountClaims> | AccountClaims;
  }

  export interface InteractionDetails {
    uid: string;
    params: Record<string, unknown> & { client_id: string; scope?: string };
    prompt: { name: string; details: Record<string, unknown> };
  }

  export interface InteractionResults {
    login?: { accountId: string; amr?: string[]; acr?: string; remember?: boolean };
    consent?: { grantId: string };
    error?: string;
    error_description?: string;
  }

  export interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface Configuration {
    clients: Record<string, unknown>[];
    findAccount(ctx: unknown, sub: string): Promise<Account | undefined>;
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    features?: Record<string, unknown>;
    pkce?: { required?: () => boolean };
    jwks?: { keys: Record<string, unknown>[] };
    cookies?: { keys: string[] };
    ttl?: Record<string, number>;
    conformIdTokenClaims?: boolean;
    [option: string]: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly issuer: string;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    Grant: new (properties: { accountId: string; clientId: string }) => Grant;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
