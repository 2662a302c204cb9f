import type { AutoresponderService } from '@quizbeam/contracts/integrations';
import type { FakeOptions, FakeResponse, FakeServer } from './fakeHttp';

/** A contact as a fake holds it: enough for a test to check what a lead carried. */
export interface FakeContact {
  email: string;
  name: string | null;
  /** Tag names (services that tag by id resolve them to names here). */
  tags: string[];
  /** Custom fields or merge fields by the service's key. */
  fields: Record<string, string>;
  /** The targets (lists, campaigns, forms…) the contact is on, by the ids the fake lists as targets. */
  targetIds: string[];
}

/** Every service's fake: started alone by `npm run fakes`, or by a test. */
export interface ServiceFake {
  service: AutoresponderService;
  server: FakeServer;
  /** The environment that points Quizbeam at this fake (URLs, OAuth client id and secret). */
  env: Record<string, string>;
  /** API-key services: what to type in the connect form, by field (connectionName excluded). */
  demoCredentials: Record<string, string> | null;
  /** The targets the fake offers, as the service lists them (id and name). */
  targets: { id: string; name: string }[];
  contacts(): FakeContact[];
  /** Every key and token stops working (401 as the service answers), as when the user revokes access. */
  revokeAll(): void;
  /** OAuth services: the access tokens issued so far expire now (a refresh still works where the service has one). */
  expireTokens(): void;
  setOptions(options: FakeOptions): void;
  /** The next requests (past the rate limit) get these answers instead, in order: outages, HTML pages. */
  answerNext(...answers: FakeResponse[]): void;
  close(): Promise<void>;
}

export type StartServiceFake = (options?: FakeOptions & { port?: number }) => Promise<ServiceFake>;
