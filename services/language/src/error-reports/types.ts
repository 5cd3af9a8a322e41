import type { Actor, TxClient } from '../banks/types';

/**
 * Staff handling reports. `allSites`: the platform administrator (role 0 on the main site), who
 * sees every report; other staff see their own site's. The gateway decides it (accounts knows
 * which site is the main one); this package does not import accounts.
 */
export type ReportStaff = Actor & { allSites: boolean };

/** One system-log line (the shape of @mtp/accounts' `ActionEntry`). */
export type ReportAuditEntry = {
  action: string;
  targetType: string;
  targetId: number | string;
  before?: unknown;
  after?: unknown;
  siteId?: number | null;
};

/**
 * Writes a line with the change's own transaction client, so both commit or neither does. It also
 * serves as the bank audit of the memory entry an added report becomes (`entry.create`).
 */
export type ReportAudit = (client: TxClient, entry: ReportAuditEntry) => Promise<void>;

export type NewErrorReport = {
  userId: number;
  siteId: number;
  src_lang: string;
  tgt_lang: string;
  source: string;
  output: string;
  error_type: number;
  proposal?: string | undefined;
  origin: 'site' | 'api';
  /** The app key's app_id of a report sent through the public API. */
  appId?: string | undefined;
};
